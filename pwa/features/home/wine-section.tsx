import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, type WineCategory } from '../../../api/contract/constants';
import { isNetworkError } from '../../lib/api-client';
import { useWinesByCategory } from '../../lib/api/get-wines';
import { WineCard } from '../../components/wine/wine-card';
import { WineCardSkeleton } from '../../components/wine/wine-card-skeleton';

/**
 * A home-page section in newspaper style (spec 000 §2 'Home page' items 2–4): a ruled heading with its
 * subtitle and 'Se alla', then at most LIMITS.homeSectionMaxWines (3) wine cards of one category — one
 * column on phones, three on wide screens. Shows skeleton cards while loading, a short Swedish message on
 * error (with a retry), and the section's own empty text.
 */
export function WineSection({
  category,
  title,
  subtitle,
  seeAllHref,
  empty,
}: {
  category: WineCategory;
  /** The section heading as the spec writes it, e.g. 'FYND!'. */
  title: string;
  subtitle: string;
  seeAllHref: string;
  /** The empty state: its first line and optional further content. */
  empty: { title: string; text?: ReactNode };
}) {
  const headingId = useId();
  const { data, isPending, isError, error, refetch, isFetching } = useWinesByCategory(category, {
    limit: LIMITS.homeSectionMaxWines,
  });

  let content: ReactNode;
  if (isPending) {
    content = (
      <ul className={GRID} aria-busy="true" aria-label="Laddar viner">
        {Array.from({ length: LIMITS.homeSectionMaxWines }, (_, i) => (
          <li key={i}>
            <WineCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (isError) {
    content = (
      <div role="alert" className="border border-rule bg-paper-dark/40 px-6 py-8 text-center">
        <p className="font-serif text-lg text-ink">
          {isNetworkError(error) ? 'Du verkar vara offline – vinerna kunde inte hämtas.' : 'Vinerna kunde inte hämtas just nu.'}
        </p>
        <button type="button" className="btn-outline mt-4" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? 'Försöker igen...' : 'Försök igen'}
        </button>
      </div>
    );
  } else if (data.items.length === 0) {
    content = (
      <div className="border border-dashed border-rule px-6 py-10 text-center">
        <p className="font-display text-xl font-bold text-ink">{empty.title}</p>
        {empty.text && <div className="mt-2 text-ink-soft">{empty.text}</div>}
      </div>
    );
  } else {
    content = (
      <ul className={GRID}>
        {data.items.slice(0, LIMITS.homeSectionMaxWines).map((wine) => (
          <li key={wine.id}>
            <WineCard wine={wine} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="py-8 md:py-12">
      <header className="section-rule mb-6 py-3">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id={headingId} className="text-3xl font-black tracking-tight text-ink uppercase md:text-4xl">
            {title}
          </h2>
          <Link
            to={seeAllHref}
            className="group inline-flex shrink-0 items-center gap-1.5 py-2 font-sans text-sm font-semibold tracking-wider text-wine uppercase hover:text-wine-dark"
            aria-label={`Se alla: ${title.replace(/!$/, '').toLowerCase()}`}
          >
            Se alla
            <span aria-hidden="true" className="transition-transform group-hover:translate-x-0.5">
              →
            </span>
          </Link>
        </div>
        <p className="mt-1 font-serif text-base text-ink-soft italic md:text-lg">{subtitle}</p>
      </header>
      {content}
    </section>
  );
}

const GRID = 'grid gap-6 md:grid-cols-3 lg:gap-8';
