import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BulkSubmitBar } from './bulk-submit';
import type { DeviceWine } from './device-wines';
import { MyWinesFilters, SelectWineCheckbox } from './my-wines-filters';
import { applyMyWinesView, canBulkSubmit, readMyWinesView } from './my-wines-view';

/**
 * Mina viner's list over the partner's wines (README.md 'Partner portal' → 'Wines'): the search (name, region,
 * country, grape), the status filter and the order, kept in the address (my-wines-view.ts); 'Markera alla' and
 * 'Skicka in markerade' for the drafts shown (bulk-submit.tsx); the cards in that order, each draft that can be sent
 * with its checkbox ('Markera {name}'), or 'Inga viner hittades' when nothing matches.
 * @param renderCard draws one wine's card with `select`, its checkbox (undefined for a wine that can't be marked)
 */
export function MyWinesList({
  wines,
  renderCard,
}: {
  wines: readonly DeviceWine[];
  renderCard: (wine: DeviceWine, select: ReactNode | undefined) => ReactNode;
}) {
  const [params] = useSearchParams();
  const view = readMyWinesView(params);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const shown = applyMyWinesView(wines, view);
  const selectable = shown.filter(canBulkSubmit).map((w) => w.id);

  return (
    <>
      <MyWinesFilters view={view} shown={shown.length} total={wines.length} />
      <BulkSubmitBar selectable={selectable} selected={selected} onSelectedChange={setSelected} />
      {shown.length === 0 ? (
        <p className="border border-dashed border-rule px-4 py-10 text-center font-display text-xl font-bold">Inga viner hittades</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {shown.map((wine) => (
            <li key={wine.id}>
              {renderCard(
                wine,
                canBulkSubmit(wine) ? (
                  <SelectWineCheckbox
                    name={wine.name}
                    checked={selected.has(wine.id)}
                    onChange={(on) => {
                      const next = new Set(selected);
                      if (on) next.add(wine.id);
                      else next.delete(wine.id);
                      setSelected(next);
                    }}
                  />
                ) : undefined,
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
