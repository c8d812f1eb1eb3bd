import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { WineCategory } from '../../../api/contract/constants';
import { isNetworkError } from '../../lib/api-client';
import { useWinesByCategory } from './api/get-wines';
import { WineCard } from './components/wine-card';

type ListCopy = {
  kicker: string;
  title: string;
  intro: string;
  documentTitle: string;
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
      'Nytt i glaset: viner av den senaste årgången i Systembolagets sortiment – det som är aktuellt just nu.',
    documentTitle: 'Aktuella vintips – Vinpressen',
    count: (n) => `${n} AKTUELLA VINTIPS HITTADE`,
    emptyTitle: 'Inga aktuella vintips just nu',
    emptyText: 'Nya vintips publiceras löpande – titta gärna in igen snart.',
    emptyLink: { to: '/', label: 'Till startsidan' },
  },
  FYND: {
    kicker: 'Exceptionella viner med bästa pris-kvalitet förhållandet',
    title: 'FYND!',
    intro:
      'Viner som ger mycket för pengarna: literpriset är högst hälften av medianpriset för samma typ av vin i Systembolagets sortiment.',
    documentTitle: 'Fynd – Vinpressen',
    count: (n) => `${n} FYND HITTADE`,
    emptyTitle: 'Inga fynd för tillfället',
    emptyLink: { to: '/', label: 'Tillbaka till startsidan' },
  },
  FOLKETS_VAL: {
    kicker: 'Viner som gemenskapen recenserar och betygsätter',
    title: 'FOLKETS VAL',
    intro:
      'Här samlas de viner som våra läsare har recenserat och betygsatt. Varje recension läses av vår AI-analys och en moderator innan den publiceras.',
    documentTitle: 'Folkets val – Vinpressen',
    count: (n) => `${n} VINER FRÅN GEMENSKAPEN`,
    emptyTitle: 'Inga viner från gemenskapen ännu',
    emptyText: 'Bli den första att lämna en recension!',
    emptyLink: { to: '/aktuella-viner', label: 'Utforska aktuella vintips' },
  },
};

const SKELETON_CARDS = 6;

/**
 * A public list page: /aktuella-viner and /nya-viner (NYLANSERAD), /fynd (FYND), /folkets-val (FOLKETS_VAL)
 * — spec 000 §2 'Public list pages': title, intro, count heading, a 1/2/3-column grid of wine cards,
 * loading skeletons, the empty text and a Swedish error state.
 */
export function WineListPage({ category }: { category: WineCategory }) {
  const copy = COPY[category];
  const { data: wines, isPending, isError, error, refetch, isFetching } = useWinesByCategory(category);

  useEffect(() => {
    document.title = copy.documentTitle;
  }, [copy.documentTitle]);

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="pb-2 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">{copy.kicker}</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight text-ink sm:text-5xl lg:text-6xl">{copy.title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-balance text-ink-soft">{copy.intro}</p>
      </header>

      <section aria-labelledby="wine-list-count" aria-busy={isPending} className="mt-8">
        {isPending ? (
          <>
            <h2 id="wine-list-count" className="sr-only">
              Laddar viner…
            </h2>
            <ListSkeleton />
          </>
        ) : isError ? (
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
            <h2
              id="wine-list-count"
              className="section-rule py-2 text-center font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase"
            >
              {copy.count(wines.length)}
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
              <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {wines.map((wine) => (
                  <li key={wine.id}>
                    <WineCard wine={wine} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** Placeholder cards shaped like WineCard, so the grid does not jump when the wines arrive. */
function ListSkeleton() {
  return (
    <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <li key={i} className="border border-rule">
          <div className="skeleton h-60" />
          <div className="space-y-3 p-5">
            <div className="skeleton h-3 w-1/2" />
            <div className="skeleton h-6 w-3/4" />
            <div className="skeleton h-4 w-full" />
            <div className="skeleton h-4 w-5/6" />
            <div className="skeleton mt-4 h-8 w-1/3" />
            <div className="grid grid-cols-2 gap-2">
              <div className="skeleton h-9" />
              <div className="skeleton h-9" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
