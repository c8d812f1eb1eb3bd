import { type FormEvent, startTransition, useCallback, useEffect, useId, useMemo, useOptimistic, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Facet } from '../../../api/contract/wine-search';
import { labelClass } from '../../components/ui/field';
import { PaperDialog, PaperDialogHeader } from '../../components/ui/paper-dialog';
import { EmptyState, LoadError } from '../../components/ui/states';
import { WineCard } from '../../components/wine/wine-card';
import { SavedCatalogueNote } from '../../components/wine/saved-catalogue-note';
import { ShowMoreWines, uniqueWines, WineGridSkeleton } from '../../components/wine/show-more-wines';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { FilterPanel, type ParamsUpdate } from './filter-panel';
import { chipsOf, clearFilters, fallbackLabel, paramValue, readSearch, setParam, SORT_LABELS } from './search-state';
import { useWineSearch } from './use-wine-search';
import { usePageMeta } from '../../lib/page-meta';

/** 'N viner', '1 vin' (the number as Swedes write it: 1 137). */
function winesCount(n: number): string {
  return n === 1 ? '1 vin' : `${n.toLocaleString('sv-SE')} viner`;
}

/**
 * /viner, 'Alla viner': the whole public catalogue searched and filtered (api/contract/wine-search.ts). The search
 * words (from the header's search box), every filter and the sort live in the address, so a search can be shared
 * and back/forward step through it. A count line, 24 cards at a time with 'Visa fler viner', the chosen filters
 * as removable chips, and the filters with their counts: a sidebar from 1024 px, a dialog on smaller screens.
 */
export function CataloguePage() {
  const [address, setAddress] = useSearchParams();
  // The router applies a new address in a transition; until it has, the page shows the change already (a ticked box
  // is ticked at once, and its search starts), then the address itself.
  const [params, setOptimisticParams] = useOptimistic(address);
  const search = useMemo(() => readSearch(params), [params]);
  const q = paramValue(search, 'q');
  const sort = paramValue(search, 'sort') || 'relevance';
  const query = useWineSearch(search);
  const {
    data,
    isPending,
    isError,
    error,
    refetch,
    isFetching,
    isPlaceholderData,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = query;
  const [filtersOpen, setFiltersOpen] = useState(false);

  usePageMeta({
    title: q ? `”${q}” – Alla viner – Vinpressen` : 'Alla viner – Vinpressen',
    description: q
      ? `Viner som matchar ”${q}” i Systembolagets sortiment: pris, literpris, smak och mat. Filtrera och jämför på Vinpressen.`
      : 'Sök, filtrera och jämför alla viner i Systembolagets sortiment – efter typ, pris, literpris, land, druva, smak och mat.',
    path: q ? `/viner?${new URLSearchParams({ q })}` : '/viner',
  });

  const update = useCallback(
    (change: ParamsUpdate) =>
      startTransition(() => {
        const next = change(params);
        setOptimisticParams(next);
        setAddress(next);
      }),
    [params, setOptimisticParams, setAddress],
  );

  const wines = useMemo(() => uniqueWines(data?.pages ?? []), [data]);
  const latest = data?.pages.at(-1);
  const total = latest?.total ?? 0;

  const labelOf = useCallback(
    (facet: Facet, value: string) => latest?.facets?.[facet]?.find((v) => v.value === value)?.label || fallbackLabel(facet, value),
    [latest],
  );
  const chips = chipsOf(search, labelOf);

  // 'Visa fler viner' → focus the first new card once it is there (as the list pages do), unless the reader has
  // moved on from the button.
  const listRef = useRef<HTMLUListElement>(null);
  const moreButtonRef = useRef<HTMLButtonElement>(null);
  const focusCardAt = useRef<number | null>(null);
  useEffect(() => {
    const index = focusCardAt.current;
    if (index === null || wines.length <= index) return;
    focusCardAt.current = null;
    const active = document.activeElement;
    if (active !== moreButtonRef.current && active !== document.body && active !== null) return;
    const card = listRef.current?.children[index];
    if (card instanceof HTMLElement) card.focus();
  }, [wines.length]);

  function handleShowMore() {
    if (isFetchingNextPage) return;
    focusCardAt.current = wines.length;
    void fetchNextPage();
  }

  // A removed chip (or 'Rensa alla') takes its button away: the focus goes on to the chip now in its place, else
  // the one before, else the count heading, instead of falling back to the top of the page.
  const chipsRef = useRef<HTMLUListElement>(null);
  const countRef = useRef<HTMLHeadingElement>(null);
  const focusChipAt = useRef<number | null>(null);
  const chipKeys = chips.map((c) => c.key).join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: chipKeys is the trigger: the chips have changed.
  useEffect(() => {
    const index = focusChipAt.current;
    if (index === null) return;
    focusChipAt.current = null;
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    const buttons = chipsRef.current?.querySelectorAll('button') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    (next ?? countRef.current)?.focus();
  }, [chipKeys]);

  const filterPanel = <FilterPanel search={search} page={latest} labelOf={labelOf} onChange={update} />;
  const clearAll = () => {
    focusChipAt.current = -1;
    update(clearFilters);
  };
  const busy = isPending || isFetchingNextPage || isPlaceholderData;

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="pb-2 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Hela sortimentet</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight text-ink sm:text-5xl lg:text-6xl">ALLA VINER</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-balance text-ink-soft">
          {q ? (
            <>
              Sökresultat för <q className="font-semibold text-ink">{q}</q>. Sök, filtrera och jämför viner i Systembolagets sortiment.
            </>
          ) : (
            'Sök, filtrera och jämför viner i Systembolagets sortiment – efter typ, pris, land, druva, smak och vad du ska äta.'
          )}
        </p>
        <SearchField q={q} onSearch={(words) => update((p) => setParam(p, 'q', words || undefined))} />
      </header>

      <div className="mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside aria-labelledby="catalogue-filters-heading" className="hidden lg:block">
          <h2 id="catalogue-filters-heading" className="section-rule py-2 font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">
            Filtrera
          </h2>
          <div className="mt-4">{filterPanel}</div>
        </aside>

        <section aria-labelledby="catalogue-count" aria-busy={busy}>
          <div className="section-rule flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
            <h2
              id="catalogue-count"
              ref={countRef}
              tabIndex={-1}
              className="font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase focus:outline-none"
            >
              {isPending ? 'Laddar viner…' : isError && !data ? 'Alla viner' : winesCount(total)}
            </h2>
            {/* On a phone the two controls share a line of their own, half each; the select's label is then read only. */}
            <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:items-center sm:gap-3">
              <button
                type="button"
                onClick={() => setFiltersOpen(true)}
                aria-haspopup="dialog"
                className="btn-outline min-h-11 px-3 py-1.5 text-xs whitespace-nowrap lg:hidden"
              >
                Filtrera{chips.length > 0 && ` (${chips.length})`}
              </button>
              <label className="flex min-w-0 items-center gap-2 font-sans text-xs font-bold tracking-[0.12em] text-ink uppercase">
                <span className="max-sm:sr-only">Sortera</span>
                <select
                  value={sort}
                  onChange={(e) => update((p) => setParam(p, 'sort', e.currentTarget.value === 'relevance' ? undefined : e.currentTarget.value))}
                  className="min-h-11 w-full min-w-0 border border-ink/70 bg-paper px-2 py-1.5 font-sans sm:w-auto text-sm font-normal tracking-normal text-ink normal-case focus:border-wine focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-wine"
                >
                  {Object.entries(SORT_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </div>
          {/* The count for screen readers after each change of the search (the heading above is not a live region). */}
          <p role="status" className="sr-only">
            {!isFetching && data ? `${winesCount(total)} matchar` : ''}
          </p>
          {/* Offline: the device's catalogue copy answered, dated. */}
          {data?.pages[0]?.fromDevice && <SavedCatalogueNote className="mt-2" />}

          {chips.length > 0 && (
            <div className="mt-4 flex flex-wrap items-center gap-2 font-sans">
              <h3 className="sr-only">Valda filter</h3>
              <ul ref={chipsRef} className="contents">
                {chips.map((chip, index) => (
                  <li key={chip.key}>
                    <button
                      type="button"
                      onClick={() => {
                        focusChipAt.current = index;
                        update(chip.remove);
                      }}
                      aria-label={`Ta bort filtret ${chip.label}`}
                      className="inline-flex min-h-9 items-center gap-1.5 border border-ink/60 bg-paper-dark/60 px-3 py-1 text-sm text-ink hover:border-wine hover:text-wine"
                    >
                      {chip.label}
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 24 24"
                        width="14"
                        height="14"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2.2"
                        strokeLinecap="round"
                      >
                        <path d="M6 6l12 12M18 6L6 18" />
                      </svg>
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                onClick={clearAll}
                className="min-h-9 px-2 text-sm font-semibold text-wine underline underline-offset-4 hover:text-wine-dark"
              >
                Rensa alla
              </button>
            </div>
          )}

          {isPending ? (
            <WineGridSkeleton className="mt-6 xl:grid-cols-3" />
          ) : isError && !data ? (
            <div className="mt-8">
              <LoadError message={errorText(error)} onRetry={() => void refetch()} />
            </div>
          ) : wines.length === 0 ? (
            <div className="mt-8">
              <EmptyState>
                <span className="block font-display text-2xl font-bold text-ink">Inga viner matchar {q ? 'din sökning' : 'filtren'}</span>
                <span className="mt-2 block">Ta bort några filter eller sök på något annat.</span>
                {chips.length > 0 && (
                  <button type="button" onClick={clearAll} className="btn-outline mt-5">
                    Rensa alla filter
                  </button>
                )}
                {/* Wines no longer sold are left out by default: the one a reader remembers may be among them. */}
                {!paramValue(search, 'discontinued') && (
                  <button type="button" onClick={() => update((p) => setParam(p, 'discontinued', 'include'))} className="btn-outline mt-5 ml-3">
                    Sök även bland utgångna viner
                  </button>
                )}
              </EmptyState>
            </div>
          ) : (
            <>
              <ul
                ref={listRef}
                className={`mt-6 grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 xl:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
              >
                {wines.map((wine, i) => (
                  // tabIndex -1: the first card of a newly loaded page takes the focus (see above).
                  <li key={wine.id} tabIndex={-1}>
                    <WineCard wine={wine} aboveTheFold={i === 0} />
                  </li>
                ))}
              </ul>
              {(hasNextPage || (data?.pages.length ?? 0) > 1) && (
                <ShowMoreWines
                  summary={`Visar ${wines.length.toLocaleString('sv-SE')} av ${winesCount(total)}`}
                  hasNextPage={hasNextPage}
                  isFetchingNextPage={isFetchingNextPage}
                  nextPageError={isFetchNextPageError ? error : null}
                  onShowMore={handleShowMore}
                  buttonRef={moreButtonRef}
                />
              )}
            </>
          )}
        </section>
      </div>

      <PaperDialog open={filtersOpen} onClose={() => setFiltersOpen(false)} width="xl">
        <PaperDialogHeader
          kicker="Hitta ett vin"
          title="Filtrera"
          lede="Välj det du söker; antalet viner visas vid varje val."
          onClose={() => setFiltersOpen(false)}
        />
        <div className="px-5 pt-2 pb-4 sm:px-7">{filterPanel}</div>
        <div className="sticky bottom-0 flex items-center justify-between gap-3 border-t border-ink bg-paper px-5 py-3 sm:px-7">
          <button type="button" onClick={() => update(clearFilters)} disabled={chips.length === 0} className="btn-outline min-h-11">
            Rensa alla
          </button>
          <button type="button" onClick={() => setFiltersOpen(false)} className="btn-primary min-h-11 flex-1">
            {isPending ? 'Visa viner' : `Visa ${winesCount(total)}`}
          </button>
        </div>
      </PaperDialog>
    </div>
  );
}

/**
 * The page's own search field: new words for the search, keeping the chosen filters and the sort (the masthead's
 * box starts a new search instead). Shows the current words; back/forward refill it.
 */
function SearchField({ q, onSearch }: { q: string; onSearch: (words: string) => void }) {
  const id = useId();
  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSearch(String(new FormData(e.currentTarget).get('q')).trim());
  }
  return (
    <form id="catalogue-search" role="search" aria-label="Sök bland vinerna" onSubmit={handleSubmit} className="mx-auto mt-6 max-w-xl text-left">
      <label htmlFor={id} className={labelClass}>
        Sökord
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          key={q}
          id={id}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          placeholder="Namn, druva, land…"
          enterKeyHint="search"
          className="min-w-0 flex-1 border border-ink/70 bg-paper px-3 py-2.5 font-sans text-base text-ink placeholder:text-muted focus:border-wine focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-wine"
        />
        <button type="submit" className="btn-primary min-h-11">
          Sök
        </button>
      </div>
    </form>
  );
}

/** The Swedish text of a failed search: offline, a refused parameter (the API's message), or the server. */
function errorText(error: unknown): string {
  if (isNetworkError(error)) return 'Vinerna kunde inte hämtas – du verkar vara offline. Anslut till internet och försök igen.';
  if (error instanceof ApiError && error.status === 400 && error.serverMessage) return `Sökningen kunde inte göras: ${error.serverMessage}`;
  return 'Något gick fel när vi hämtade vinerna. Försök igen om en stund.';
}
