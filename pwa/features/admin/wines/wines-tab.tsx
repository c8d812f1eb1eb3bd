import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminWine } from '../../../../api/contract/admin-wines';
import { WINE_CATEGORIES, WINE_CATEGORY_LABELS, type WineCategory } from '../../../../api/contract/constants';
import { SectionHeading } from '../../../components/ui/blocks';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState, QueryState } from '../../../components/ui/states';
import { inputClass } from '../../../components/ui/classes';
import { labelClass } from '../../../components/ui/field';
import { AdminWineCard } from './admin-wine-card';
import { WINES_PER_PAGE, useAdminWinePage, useDeleteWine } from './api';
import { Pager, rangeText } from './pager';
import { WineFormDialog } from './wine-form-dialog';
import { SearchField } from '../components/search-field';
import { OPEN_NEW_PARAM } from '../admin-tabs';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';

/** How long typing pauses before the search is sent (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

type FormState = { wine: AdminWine | null } | null;

/**
 * The Wines tab (spec 001 §2 'Wines tab'): every wine of every source and status, newest first, 24 a page;
 * search (name, region, grape) and a category filter (Alla, Fynd, Aktuella vintips, Folkets val); a card
 * grid with edit and delete; 'Lägg till vin' opens the form, as does ?new=1 (the dashboard's quick action). Delete asks 'Är du säker på att du vill ta bort
 * "{name}"?' and answers 'Vin borttaget' or 'Kunde inte ta bort vinet. Försök igen.' (spec 001 §8). Empty:
 * 'Inga viner hittades'.
 */
export function WinesTab() {
  const ids = useId();
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<WineCategory | ''>('');
  const [offset, setOffset] = useState(0);
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<AdminWine | null>(null);
  const listTop = useRef<HTMLDivElement>(null);
  const params = useSearchParams()[0];
  const updateParams = useUpdateSearchParams();
  const openNew = params.get(OPEN_NEW_PARAM) === '1';

  // ?tab=wines&new=1 (the dashboard's 'Lägg till vin'): the form opens, and the parameter goes, so that closing
  // the form or going back does not open it again.
  useEffect(() => {
    if (!openNew) return;
    setForm({ wine: null });
    updateParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_NEW_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [openNew, updateParams]);

  const list = useAdminWinePage({ q, category, limit: WINES_PER_PAGE, offset });
  const deleteWine = useDeleteWine();

  // The search goes out once typing pauses; a new search starts at the first page.
  useEffect(() => {
    const next = searchText.trim();
    if (next === q) return;
    const timer = window.setTimeout(() => {
      setQ(next);
      setOffset(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, q]);

  // Deleting the last wine of the last page leaves it empty: step back to the page before.
  const items = list.data?.items;
  useEffect(() => {
    if (items && items.length === 0 && offset > 0 && !list.isPlaceholderData) setOffset((o) => Math.max(0, o - WINES_PER_PAGE));
  }, [items, offset, list.isPlaceholderData]);

  function handleSearchSubmit(event: FormEvent) {
    event.preventDefault();
    setOffset(0);
    setQ(searchText.trim());
  }

  function handleCategoryChange(value: string) {
    setCategory(value as WineCategory | '');
    setOffset(0);
  }

  function handlePage(next: number) {
    setOffset(next);
    listTop.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  function handleConfirmDelete() {
    if (!toDelete) return;
    deleteWine.mutate(toDelete, { onSettled: () => setToDelete(null) });
  }

  return (
    <section aria-labelledby={`${ids}-heading`}>
      <SectionHeading
        actions={
          <button type="button" className="btn-primary" onClick={() => setForm({ wine: null })}>
            Lägg till vin
          </button>
        }
      >
        <span id={`${ids}-heading`}>Viner</span>
      </SectionHeading>

      <form role="search" aria-label="Sök viner" onSubmit={handleSearchSubmit} className="mb-5 grid gap-3 sm:grid-cols-[1fr_16rem]">
        <SearchField label="Sök" value={searchText} onChange={setSearchText} placeholder="Namn, region eller druva" />
        <div>
          <label htmlFor={`${ids}-category`} className={labelClass}>
            Kategori
          </label>
          <select id={`${ids}-category`} value={category} onChange={(e) => handleCategoryChange(e.target.value)} className={`${inputClass} mt-1.5`}>
            <option value="">Alla</option>
            {WINE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {WINE_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
      </form>

      <div ref={listTop} className="scroll-mt-4">
        <QueryState query={list} loadingLabel="Laddar viner…" errorMessage="Kunde inte ladda vinerna.">
          {(data) => (
            <>
              <p aria-live="polite" className="mb-3 font-sans text-sm text-ink-soft">
                {list.isPlaceholderData ? 'Söker…' : rangeText(data.offset, data.items.length, data.total)}
              </p>
              {data.items.length === 0 ? (
                <EmptyState>Inga viner hittades</EmptyState>
              ) : (
                <ul
                  className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
                  aria-busy={list.isPlaceholderData || undefined}
                >
                  {data.items.map((wine) => (
                    <li key={wine.id}>
                      <AdminWineCard wine={wine} onEdit={() => setForm({ wine })} onDelete={() => setToDelete(wine)} />
                    </li>
                  ))}
                </ul>
              )}
              <Pager
                label="Sidor i vinlistan"
                offset={data.offset}
                limit={WINES_PER_PAGE}
                total={data.total}
                busy={list.isPlaceholderData}
                onOffsetChange={handlePage}
              />
            </>
          )}
        </QueryState>
      </div>

      {form && <WineFormDialog key={form.wine?.id ?? 'new'} wine={form.wine} onClose={() => setForm(null)} />}

      <ConfirmDialog
        open={toDelete !== null}
        title="Ta bort vin"
        message={toDelete ? `Är du säker på att du vill ta bort "${toDelete.name}"?` : ''}
        confirmLabel={deleteWine.isPending ? 'Tar bort…' : 'Ta bort'}
        busy={deleteWine.isPending}
        onConfirm={handleConfirmDelete}
        onClose={() => setToDelete(null)}
      />
    </section>
  );
}
