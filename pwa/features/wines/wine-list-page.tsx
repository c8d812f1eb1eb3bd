import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { WineCategory } from '../../../api/contract/constants';
import { isNetworkError } from '../../lib/api-client';
import { CmsIntro } from '../../components/cms-page';
import { ShowMoreWines, uniqueWines, WineGridSkeleton } from '../../components/wine/show-more-wines';
import { usePublicPage } from '../../lib/api/content';
import { useInfiniteWinesByCategory } from '../../lib/api/get-wines';
import { WineCard } from '../../components/wine/wine-card';
import { LIST_CMS_PAGE } from '../../lib/api/content';
import { usePageMeta } from '../../lib/page-meta';

type ListCopy = {
  kicker: string;
  title: string;
  intro: string;
  documentTitle: string;
  /** The list's canonical address (/nya-viner shows the same list as /aktuella-viner). */
  path: string;
  count: (n: number) => string;
  emptyTitle: string;
  emptyText?: string;
  emptyLink: { to: string; label: string };
};

/** The texts of the three public list pages (spec 000 §2 'Public list pages'). */
const COPY: Record<WineCategory, ListCopy> = {
  NYLANSERAD: {
    kicker: 'Smarta vintips och rekommendationer',
    title: 'AKTUELLA VINTIPS',
    intro:
      'Nytt i glaset: viner som Systembolaget har lanserat de senaste fyra månaderna fram till sortimentets datum, eller som har aviserats för lansering därefter – det som är aktuellt just nu.',
    documentTitle: 'Aktuella vintips – nya viner på Systembolaget – Vinpressen',
    path: '/aktuella-viner',
    count: (n) => `${n} AKTUELLA VINTIPS HITTADE`,
    emptyTitle: 'Inga aktuella vintips just nu',
    emptyText: 'Nya vintips publiceras löpande – titta gärna in igen snart.',
    emptyLink: { to: '/', label: 'Till startsidan' },
  },
  FYND: {
    kicker: 'Exceptionella viner med bästa pris-kvalitet förhållandet',
    title: 'FYND!',
    intro:
      'Viner som ger mycket för pengarna: literpriset är högst hälften av medianpriset för samma typ av vin bland de viner som fortfarande säljs i Systembolagets sortiment, räknat på det senast kända priset (datumet står vid varje pris).',
    documentTitle: 'Fynd – prisvärda viner på Systembolaget – Vinpressen',
    path: '/fynd',
    count: (n) => `${n} FYND HITTADE`,
    emptyTitle: 'Inga fynd för tillfället',
    emptyLink: { to: '/', label: 'Tillbaka till startsidan' },
  },
  FOLKETS_VAL: {
    kicker: 'Viner som gemenskapen recenserar och betygsätter',
    title: 'FOLKETS VAL',
    intro:
      'Här samlas de viner som våra läsare har recenserat och betygsatt. Varje recension läses av vår AI-analys och en moderator innan den publiceras.',
    documentTitle: 'Folkets val – läsarnas favoritviner – Vinpressen',
    path: '/folkets-val',
    count: (n) => `${n} VINER FRÅN GEMENSKAPEN`,
    emptyTitle: 'Inga viner från gemenskapen ännu',
    emptyText: 'Bli den första att lämna en recension!',
    emptyLink: { to: '/aktuella-viner', label: 'Utforska aktuella vintips' },
  },
};

/** The CMS page whose content, while active, introduces the list (spec 001 §2 'Page editor'). */

/**
 * A public list page: /aktuella-viner and /nya-viner (NYLANSERAD), /fynd (FYND), /folkets-val (FOLKETS_VAL)
 * — spec 000 §2 'Public list pages': title, intro, count heading (all wines of the category), a 1/2/3-column
 * grid of wine cards loaded 24 at a time with 'Visa fler viner', loading skeletons, the empty text and a
 * Swedish error state. The list's CMS page, while active, adds its content under the intro.
 */
export function WineListPage({ category }: { category: WineCategory }) {
  const copy = COPY[category];
  const cmsIntro = usePublicPage(LIST_CMS_PAGE[category]);
  const { data, isPending, isError, error, refetch, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useInfiniteWinesByCategory(category);

  usePageMeta({ title: copy.documentTitle, description: copy.intro, path: copy.path });

  const wines = useMemo(() => uniqueWines(data?.pages ?? []), [data]);
  // The newest page knows the current total best.
  const total = data?.pages.at(-1)?.total ?? 0;

  // 'Visa fler viner' → focus the first new card once it is there, so keyboard and screen-reader users carry on
  // where the new wines start instead of at the top of the page (the button may be gone after the last page).
  const listRef = useRef<HTMLUListElement>(null);
  const moreButtonRef = useRef<HTMLButtonElement>(null);
  const focusCardAt = useRef<number | null>(null);
  useEffect(() => {
    const index = focusCardAt.current;
    if (index === null || wines.length <= index) return;
    focusCardAt.current = null;
    // Only when the reader is still at the button: never steal focus from somewhere else.
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

  // The CMS intro comes in above the list: online, the page waits for its answer (fetched beside the list's, so no
  // later) rather than shift the list down when it arrives; offline the list shows from the device at once.
  if (cmsIntro.isPending && navigator.onLine) return <div aria-busy="true" className="min-h-dvh" />;

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="pb-2 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">{copy.kicker}</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight text-ink sm:text-5xl lg:text-6xl">{copy.title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-balance text-ink-soft">{copy.intro}</p>
      </header>

      <CmsIntro pageId={LIST_CMS_PAGE[category]} />

      <section aria-labelledby="wine-list-count" aria-busy={isPending || isFetchingNextPage} className="mt-8">
        {isPending ? (
          <>
            <h2 id="wine-list-count" className="sr-only">
              Laddar viner…
            </h2>
            <WineGridSkeleton className="mt-8 lg:grid-cols-3" />
          </>
        ) : isError && !data ? (
          <>
            <h2 id="wine-list-count" className="sr-only">
              {copy.title}
            </h2>
            <div role="alert" className="mx-auto max-w-xl border-y border-rule py-10 text-center">
              <p className="font-display text-2xl font-bold">Vinerna kunde inte laddas</p>
              <p className="mt-3 text-ink-soft">
                {isNetworkError(error)
                  ? 'Du verkar vara offline och listan finns inte sparad på den här enheten ännu. Anslut till internet och försök igen.'
                  : 'Något gick fel när vi hämtade listan. Försök igen om en stund.'}
              </p>
              <button type="button" className="btn-primary mt-6" onClick={() => void refetch()} disabled={isFetching}>
                {isFetching ? 'Försöker…' : 'Försök igen'}
              </button>
            </div>
          </>
        ) : (
          <>
            <h2 id="wine-list-count" className="section-rule py-2 text-center font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">
              {copy.count(total)}
            </h2>
            {wines.length === 0 ? (
              <div className="mx-auto max-w-xl py-14 text-center">
                <p className="font-display text-2xl font-bold">{copy.emptyTitle}</p>
                {copy.emptyText && <p className="mt-3 text-lg text-ink-soft">{copy.emptyText}</p>}
                <Link to={copy.emptyLink.to} className="btn-outline mt-6">
                  {copy.emptyLink.label}
                </Link>
              </div>
            ) : (
              <>
                <ul ref={listRef} className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {wines.map((wine, i) => (
                    // tabIndex -1: the first card of a newly loaded page takes the focus (see above).
                    <li key={wine.id} tabIndex={-1}>
                      <WineCard wine={wine} aboveTheFold={i === 0} />
                    </li>
                  ))}
                </ul>
                {(hasNextPage || data.pages.length > 1) && (
                  <ShowMoreWines
                    summary={`Visar ${wines.length} av ${total} viner`}
                    hasNextPage={hasNextPage}
                    isFetchingNextPage={isFetchingNextPage}
                    nextPageError={isFetchNextPageError ? error : null}
                    onShowMore={handleShowMore}
                    buttonRef={moreButtonRef}
                  />
                )}
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}
