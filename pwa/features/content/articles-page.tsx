import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ArticleSummary } from '../../../api/contract/content';
import { isNetworkError } from '../../lib/api-client';
import { useArticles, usePublicPage } from '../../lib/api/content';
import { ContentBody } from '../../components/cms-page';
import { usePageMeta } from '../../lib/page-meta';
import { articleAuthor, formatArticleDate } from './format';

const DEFAULT_INTRO = 'Guider, reportage och praktiska tips från Vinpressens redaktion – om vin, mat och allt däremellan.';

/**
 * /artiklar — the published articles, newest first: the newest as the lead story, the others in a grid,
 * each with its featured image (or the paper's ornament), title linking to /artiklar/{slug}, excerpt, author and
 * Swedish date. The CMS page 'artiklar', while active, gives the heading and the intro.
 */
export function ArticlesPage() {
  const cmsIntro = usePublicPage('artiklar');
  const cms = cmsIntro.data;
  const { data: articles, isPending, isError, error, refetch, isFetching } = useArticles();
  const listHeadingId = useId();

  usePageMeta({ title: 'Artiklar – Vinpressen', description: DEFAULT_INTRO, path: '/artiklar' });

  const hasCmsIntro = cms && (cms.blocks === null ? cms.content.trim() !== '' : cms.blocks.length > 0);

  // The CMS intro comes in above the list: online, the page waits for its answer (fetched beside the list's, so no
  // later) rather than shift the list down when it arrives; offline the list shows from the device at once.
  if (cmsIntro.isPending && navigator.onLine) return <div aria-busy="true" className="min-h-dvh" />;

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="border-b border-ink pb-6 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Läsvärt från redaktionen</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight break-words sm:text-5xl lg:text-6xl">{cms?.title.trim() || 'Artiklar'}</h1>
        {!hasCmsIntro && <p className="mx-auto mt-4 max-w-2xl text-xl leading-relaxed text-balance text-ink-soft italic">{DEFAULT_INTRO}</p>}
      </header>

      {hasCmsIntro && <ContentBody content={cms.content} blocks={cms.blocks} className="mx-auto mt-8 max-w-3xl border-b border-rule pb-8" />}

      <section aria-labelledby={listHeadingId} aria-busy={isPending} className="mt-10">
        <h2 id={listHeadingId} className="sr-only">
          {isPending ? 'Laddar artiklar…' : 'Alla artiklar'}
        </h2>
        {isPending ? (
          <ArticlesSkeleton />
        ) : isError ? (
          <div role="alert" className="border border-rule bg-paper-dark/40 px-6 py-8 text-center">
            <p className="text-lg text-ink">
              {isNetworkError(error) ? 'Du verkar vara offline – artiklarna kunde inte hämtas.' : 'Artiklarna kunde inte hämtas just nu.'}
            </p>
            <button type="button" className="btn-outline mt-4" onClick={() => void refetch()} disabled={isFetching}>
              {isFetching ? 'Försöker igen...' : 'Försök igen'}
            </button>
          </div>
        ) : articles.length === 0 ? (
          <div className="border border-dashed border-rule px-6 py-12 text-center">
            <p className="font-display text-2xl font-bold text-ink">Inga artiklar ännu</p>
            <p className="mt-2 text-ink-soft">Redaktionen skriver som bäst – titta gärna in igen snart.</p>
            <Link to="/" className="btn-outline mt-6">
              Till startsidan
            </Link>
          </div>
        ) : (
          <ArticleList articles={articles} />
        )}
      </section>
    </div>
  );
}

function ArticleList({ articles }: { articles: readonly ArticleSummary[] }) {
  const [lead, ...rest] = articles;
  return (
    <>
      {lead && <ArticleTeaser article={lead} lead />}
      {rest.length > 0 && (
        <ul className="mt-10 grid gap-x-8 gap-y-10 border-t border-rule pt-10 sm:grid-cols-2 lg:grid-cols-3">
          {rest.map((article) => (
            <li key={article.id}>
              <ArticleTeaser article={article} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One article in the list; the image repeats the title's link for pointer users only (one link for keyboards). */
function ArticleTeaser({ article, lead = false }: { article: ArticleSummary; lead?: boolean }) {
  const href = `/artiklar/${article.slug}`;
  const date = formatArticleDate(article.publishedAt);
  return (
    <article className={lead ? 'grid items-center gap-6 md:grid-cols-2 md:gap-10' : 'flex h-full flex-col'}>
      <Link to={href} tabIndex={-1} aria-hidden="true" className="group block">
        <TeaserImage src={article.featuredImageUrl} lead={lead} />
      </Link>
      <div className={lead ? '' : 'mt-4 flex flex-1 flex-col'}>
        {lead && <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Senaste artikeln</p>}
        <h3 className={`font-bold text-balance break-words text-ink ${lead ? 'mt-2 text-3xl leading-tight sm:text-4xl' : 'text-2xl leading-snug'}`}>
          <Link to={href} className="hover:text-wine hover:underline hover:decoration-2 hover:underline-offset-4">
            {article.title}
          </Link>
        </h3>
        {article.excerpt && <p className={`mt-3 leading-relaxed text-ink-soft ${lead ? 'text-lg sm:text-xl' : 'line-clamp-4'}`}>{article.excerpt}</p>}
        <p className={`font-sans text-xs font-semibold tracking-[0.12em] text-muted uppercase ${lead ? 'mt-4' : 'mt-auto pt-4'}`}>
          Av <span className="text-ink">{articleAuthor(article.authorId)}</span>
          {date && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              <time dateTime={article.publishedAt ?? undefined} className="whitespace-nowrap">
                {date}
              </time>
            </>
          )}
        </p>
      </div>
    </article>
  );
}

/** The featured image, or the paper's ornament when there is none or it cannot be loaded. */
function TeaserImage({ src, lead }: { src: string | null; lead: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = 'aspect-[16/10] w-full border border-rule bg-paper-dark';
  if (!src || failed === src) {
    return (
      <div className={`${frame} grid place-items-center`}>
        <span className={`font-display font-black text-rule transition-colors group-hover:text-wine/40 ${lead ? 'text-8xl' : 'text-6xl'}`}>V</span>
      </div>
    );
  }
  return <img src={src} alt="" loading={lead ? 'eager' : 'lazy'} onError={() => setFailed(src)} className={`${frame} object-cover`} />;
}

function ArticlesSkeleton() {
  return (
    <div aria-hidden="true">
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="skeleton aspect-[16/10] w-full" />
        <div className="space-y-4 self-center">
          <div className="skeleton h-3 w-1/4" />
          <div className="skeleton h-9 w-5/6" />
          <div className="skeleton h-4 w-full" />
          <div className="skeleton h-4 w-2/3" />
        </div>
      </div>
      <div className="mt-10 grid gap-8 border-t border-rule pt-10 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="space-y-3">
            <div className="skeleton aspect-[16/10] w-full" />
            <div className="skeleton h-6 w-5/6" />
            <div className="skeleton h-4 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
