import { useState } from 'react';
import { SHOWCASE_WINES_MAX } from '../../../../api/contract/content-rules';
import { FieldError, labelClass } from '../../../components/ui/field';
import { useWinesByIds } from '../../../lib/api/get-wines';
import { formatPrice, nameWithVintage, wineFactsLine } from '../../../lib/wine-format';
import { smallButtonClass } from '../../../components/ui/classes';
import { WineCombobox, type PickedWine } from '../components/wine-combobox';
import { moveItem } from './block-ops';
import type { FieldsProps } from './block-fields';

// The wine showcase's editor ('wine_showcase gets an editor (pick wines by search)'): published wines
// picked one at a time with the admin's wine search, shown in their order with up/down and remove.

/** What the chosen list shows of a wine. */
type ShownWine = { name: string; vintage: number | null; price: number | string | null };

const iconPaths = {
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M5 12l7 7 7-7',
  remove: 'M6 6l12 12M18 6L6 18',
} as const;

function Icon({ name }: { name: keyof typeof iconPaths }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}

/**
 * A showcase's wines: the chosen ones in order (name with vintage and price; 'Flytta upp', 'Flytta ner', 'Ta bort'
 * per wine) and a search for the next, up to SHOWCASE_WINES_MAX. Wines stored earlier are named from the public
 * GET /api/wines?ids=…, which has published wines only; one that is no longer published is said to be hidden.
 */
export function ShowcaseFields({ block, onContent, error, idPrefix }: FieldsProps<'wine_showcase'>) {
  const { wineIds } = block.content;
  // Wines picked in this session are known by name at once; the others are asked for.
  const [picked, setPicked] = useState<Record<string, PickedWine>>({});
  const unknownIds = wineIds.filter((id) => !picked[id]);
  const stored = useWinesByIds(unknownIds);
  const full = wineIds.length >= SHOWCASE_WINES_MAX;

  /** The wine to show, or why there is none: still loading, not readable (offline), or not published. */
  function shown(id: string): ShownWine | 'loading' | 'failed' | null {
    const wine = picked[id] ?? stored.data?.find((w) => w.id === id);
    if (wine) return wine;
    if (stored.isError) return 'failed';
    return stored.isPending ? 'loading' : null;
  }

  function handlePick(wine: PickedWine | null) {
    if (!wine || wineIds.includes(wine.id) || full) return;
    setPicked((p) => ({ ...p, [wine.id]: wine }));
    onContent({ wineIds: [...wineIds, wine.id] });
  }

  const listError = error('wineIds');
  const headingId = `${idPrefix}-wines`;
  return (
    <div className="space-y-4">
      <div>
        <h4 id={headingId} className={labelClass}>
          Valda viner ({wineIds.length} av {SHOWCASE_WINES_MAX})
        </h4>
        {wineIds.length === 0 ? (
          <p className="mt-1.5 font-sans text-sm text-muted">Inga viner valda ännu. Sök fram dem nedan.</p>
        ) : (
          <ol aria-labelledby={headingId} className="mt-1.5 divide-y divide-rule border border-rule bg-white/60">
            {wineIds.map((id, index) => {
              const wine = shown(id);
              const known = typeof wine === 'object' && wine !== null ? wine : null;
              const name = known
                ? nameWithVintage(known)
                : wine === 'loading'
                  ? 'Laddar…'
                  : wine === 'failed'
                    ? 'Vinet kunde inte hämtas'
                    : 'Vinet är inte publicerat';
              const price = known ? formatPrice(known.price) : '';
              const itemError = error(`wineIds.${index}`);
              return (
                <li key={id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
                  <span aria-hidden="true" className="w-5 shrink-0 text-right font-sans text-sm text-muted">
                    {index + 1}.
                  </span>
                  {/* Wide enough for a name on one or two lines; on a phone the buttons go to the next line. */}
                  <span className="min-w-48 flex-1 font-sans text-sm">
                    <span className={known ? 'font-semibold text-ink' : 'text-muted italic'}>{name}</span>
                    {price && <span className="ml-2 text-ink-soft">{price}</span>}
                    {wine === null && <span className="block text-xs text-muted">Det visas inte på sidan förrän det är publicerat igen.</span>}
                    {itemError && <FieldError id={`${idPrefix}-wine-${index}-error`}>{itemError}</FieldError>}
                  </span>
                  <span className="ml-auto flex shrink-0 gap-1.5">
                    <button
                      type="button"
                      className={`${smallButtonClass} px-2.5`}
                      onClick={() => onContent({ wineIds: moveItem(wineIds, index, -1) })}
                      disabled={index === 0}
                      aria-label={`Flytta upp vin ${index + 1}: ${name}`}
                      title="Flytta upp"
                    >
                      <Icon name="up" />
                    </button>
                    <button
                      type="button"
                      className={`${smallButtonClass} px-2.5`}
                      onClick={() => onContent({ wineIds: moveItem(wineIds, index, 1) })}
                      disabled={index === wineIds.length - 1}
                      aria-label={`Flytta ner vin ${index + 1}: ${name}`}
                      title="Flytta ner"
                    >
                      <Icon name="down" />
                    </button>
                    <button
                      type="button"
                      className={`${smallButtonClass} px-2.5`}
                      onClick={() => onContent({ wineIds: wineIds.filter((w) => w !== id) })}
                      aria-label={`Ta bort vin ${index + 1}: ${name}`}
                      title="Ta bort"
                    >
                      <Icon name="remove" />
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        {listError && <FieldError id={`${idPrefix}-wines-error`}>{listError}</FieldError>}
      </div>
      {full ? (
        <p className="font-sans text-sm text-ink-soft">
          Vinvisningen har {SHOWCASE_WINES_MAX} viner, det högsta antalet. Ta bort ett för att välja ett annat.
        </p>
      ) : (
        <WineCombobox
          value={null}
          onChange={handlePick}
          approvedOnly
          openOnFocus
          isDisabled={(wine) => wineIds.includes(wine.id)}
          optionNote={(wine) => (wineIds.includes(wine.id) ? 'redan vald' : null)}
          optionDetail={(wine) => wineFactsLine(wine) || null}
          emptyText="Inga publicerade viner matchar sökningen."
          hint="Välj ett vin i taget; det läggs sist i vinvisningen. Bara publicerade viner kan väljas."
        />
      )}
    </div>
  );
}
