import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Article } from '../../../api/contract/content';
import { CONTENT_MESSAGES } from '../../../api/contract/content-rules';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { useArticle } from '../../lib/api/content';
import { ContentBody } from '../../components/cms-page';
import { articleJsonLd, breadcrumbJsonLd } from '../../../api/contract/structured-data';
import { JsonLd } from '../../components/json-ld';
import { usePageMeta, useSiteOrigin } from '../../lib/page-meta';
import { articleAuthor, articleDescription, formatArticleDate } from './format';

const isMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/**
 * /artiklar/{slug} — one published article: title, excerpt as the standfirst, author ('admin' is
 * 'Vinpressens redaktion'), the date it was published in Swedish, the featured image, then its content (the
 * builder's blocks, or the sanitised HTML). A missing or unpublished article is 'Artikeln hittades inte'; an
 * admin previewing a draft sees it marked as one. Sets the title, description and Open Graph tags.
 */
export function ArticlePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { data: article, isPending, isError, error, refetch, isFetching } = useArticle(slug);

  // biome-ignore lint/correctness/useExhaustiveDependencies: slug is the trigger: another article opens at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);

  usePageMeta(
    article
      ? {
          title: `${article.title} – Vinpressen`,
          description: articleDescription(article),
          path: `/artiklar/${article.slug}`,
          image: article.featuredImageUrl,
          type: 'article',
          publishedTime: article.publishedAt,
        }
      : {
          title: isError && isMissing(error) ? `${CONTENT_MESSAGES.articleNotFound} – Vinpressen` : 'Artiklar – Vinpressen',
          description: 'Guider, reportage och praktiska tips från Vinpressens redaktion.',
          path: `/artiklar/${slug}`,
        },
  );

  if (isPending) return <ArticleSkeleton />;
  if (isError) {
    if (isMissing(error)) return <ArticleNotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
        <h1 className="text-3xl font-bold">Artikeln kunde inte laddas</h1>
        <p className="mt-4 text-ink-soft">
          {isNetworkError(error)
            ? 'Du verkar vara offline. Anslut till internet och försök igen.'
            : 'Något gick fel när vi hämtade artikeln. Försök igen om en stund.'}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Försöker…' : 'Försök igen'}
          </button>
          <Link to="/artiklar" className="btn-outline">
            Alla artiklar
          </Link>
        </div>
      </div>
    );
  }
  return <ArticleView article={article} />;
}

function ArticleView({ article }: { article: Article }) {
  const date = article.publishedAt ?? article.createdAt;
  const origin = useSiteOrigin();
  return (
    <article className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      {article.isPublished && article.publishedAt && (
        <>
          <JsonLd data={articleJsonLd(article, { origin })} />
          <JsonLd
            data={breadcrumbJsonLd(
              [
                { name: 'Vinpressen', path: '/' },
                { name: 'Artiklar', path: '/artiklar' },
                { name: article.title, path: `/artiklar/${article.slug}` },
              ],
              { origin },
            )}
          />
        </>
      )}
      {!article.isPublished && (
        <p role="status" className="mx-auto mb-6 max-w-3xl border border-gold bg-paper-dark px-4 py-2 text-center font-sans text-sm text-ink">
          <strong className="font-semibold">Utkast.</strong> Artikeln är inte publicerad och visas bara för administratörer.
        </p>
      )}
      <header className="mx-auto max-w-3xl border-b border-ink pb-6 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] uppercase">
          <Link to="/artiklar" className="text-wine hover:text-wine-dark hover:underline">
            Artiklar
          </Link>
        </p>
        <h1 className="mt-3 text-4xl font-black tracking-tight text-balance break-words sm:text-5xl lg:text-6xl">{article.title}</h1>
        {article.excerpt && <p className="mx-auto mt-4 max-w-2xl text-xl leading-relaxed text-balance text-ink-soft italic">{article.excerpt}</p>}
        <p className="mt-5 font-sans text-xs font-semibold tracking-[0.14em] text-muted uppercase">
          Av <span className="text-ink">{articleAuthor(article.authorId)}</span>
          {formatArticleDate(date) && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              {article.isPublished ? 'Publicerad ' : 'Skapad '}
              <time dateTime={date} className="whitespace-nowrap">
                {formatArticleDate(date)}
              </time>
            </>
          )}
        </p>
      </header>

      {article.featuredImageUrl && <FeaturedImage src={article.featuredImageUrl} />}

      <ContentBody content={article.content} blocks={article.blocks} className="mx-auto mt-10 max-w-3xl" />

      <footer className="mx-auto mt-14 max-w-3xl border-t-4 border-double border-ink pt-6 text-center">
        <Link to="/artiklar" className="btn-outline">
          Fler artiklar
        </Link>
      </footer>
    </article>
  );
}

/** The article's featured image, left out when it cannot be loaded. */
function FeaturedImage({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return null;
  return (
    <figure className="mx-auto mt-8 max-w-4xl">
      {/* The spec gives the featured image no description; the title above says what the article is about. */}
      <img
        src={src}
        alt=""
        width={1200}
        height={675}
        onError={() => setFailed(src)}
        className="aspect-[16/9] w-full border border-rule bg-paper-dark object-cover"
      />
    </figure>
  );
}

function ArticleNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Artiklar</p>
      <h1 className="mt-3 text-4xl font-black">{CONTENT_MESSAGES.articleNotFound}</h1>
      <p className="mt-4 text-lg text-ink-soft">Artikeln du letar efter finns inte, har flyttats eller är inte publicerad ännu.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/artiklar" className="btn-primary">
          Alla artiklar
        </Link>
        <Link to="/" className="btn-outline">
          Till startsidan
        </Link>
      </div>
    </div>
  );
}

function ArticleSkeleton() {
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12" aria-busy="true">
      <span className="sr-only">Laddar artikeln…</span>
      <div aria-hidden="true" className="mx-auto max-w-3xl space-y-4 border-b border-rule pb-6">
        <div className="skeleton mx-auto h-3 w-24" />
        <div className="skeleton mx-auto h-12 w-5/6" />
        <div className="skeleton mx-auto h-5 w-2/3" />
        <div className="skeleton mx-auto h-3 w-1/3" />
      </div>
      <div aria-hidden="true" className="mx-auto mt-10 max-w-3xl space-y-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={`skeleton h-4 ${i % 3 === 2 ? 'w-4/5' : 'w-full'}`} />
        ))}
      </div>
    </div>
  );
}
