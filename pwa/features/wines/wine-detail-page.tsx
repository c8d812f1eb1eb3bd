import { Fragment, useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { foodPairingLabel, occasionLabel } from '../../../api/contract/constants';
import type { ExpertReview, UserReview } from '../../../api/contract/reviews';
import { breadcrumbJsonLd, wineProductJsonLd } from '../../../api/contract/structured-data';
import type { Wine, WineDetail as WineDetailData } from '../../../api/contract/wines';
import { JsonLd } from '../../components/json-ld';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { formatRating, formatReviewDate, reviewerName } from '../../lib/review-format';
import { ReviewCallToAction } from './review-cta';
import { SimilarWines } from './similar-wines';
import { ReviewScores } from '../../components/review/review-scores';
import { useExpertReviews, useWineReviews } from '../../lib/api/get-reviews';
import { useWine } from './api/get-wine';
import { ExpertAvatar } from '../../components/wine/expert-avatar';
import { GranskadBadge } from '../../components/wine/granskad-badge';
import { RatingGlasses } from '../../components/wine/rating-glasses';
import { TasteProfile } from '../../components/wine/taste-profile';
import { WineImage } from '../../components/wine/wine-image';
import { WineMedals } from '../../components/wine/wine-medals';
import { buyUrl, formatAlcohol, formatPrice, formatVolume, nameWithVintage, packLine } from '../../lib/wine-format';
import { clipText, usePageMeta, useSiteOrigin } from '../../lib/page-meta';

/**
 * /wine/{id} — one wine in full (spec 000 §2 'Wine detail'): image, medals, 'Granskad', name with vintage,
 * price, description, info tiles, taste profile, food pairings, occasions, buy/share/subscribe buttons and
 * the community and expert reviews. Scrolls to the top when the id changes; any 4xx shows 'Vin hittades inte'.
 */
/** The wine for search results and link previews: what it is and its price, then its taste; at most 160 characters. */
function wineMetaDescription(wine: Wine): string {
  const what = [wine.wineType ?? 'Vin', wine.country && `från ${wine.country}`].filter(Boolean).join(' ');
  return clipText(`${what}, ${formatPrice(wine.price)} på Systembolaget. ${wine.description ?? ''}`, 160);
}

export function WineDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: wine, isPending, isError, error, refetch, isFetching } = useWine(id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: id is the trigger: another wine opens at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  usePageMeta(
    wine
      ? {
          title: `${nameWithVintage(wine)} – Vinpressen`,
          description: wineMetaDescription(wine),
          path: `/wine/${wine.id}`,
          image: wine.imageUrl,
          type: 'product',
        }
      : {
          title: isError && isClientError(error) ? 'Vin hittades inte – Vinpressen' : 'Vinpressen',
          description: 'Vinet på Vinpressen, Sveriges vinguide.',
          path: `/wine/${id}`,
        },
  );

  if (isPending) return <DetailSkeleton />;

  if (isError) {
    if (isClientError(error)) return <WineNotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
        <h1 className="text-3xl font-bold">Vinet kunde inte laddas</h1>
        <p className="mt-4 text-ink-soft">
          {isNetworkError(error)
            ? 'Du verkar vara offline och vinet finns inte sparat på den här enheten. Anslut till internet och försök igen.'
            : 'Något gick fel när vi hämtade vinet. Försök igen om en stund.'}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Försöker…' : 'Försök igen'}
          </button>
          <Link to="/" className="btn-outline">
            Till startsidan
          </Link>
        </div>
      </div>
    );
  }

  return <WineDetail wine={wine} />;
}

/** Unknown or non-public wines (404), and malformed ids (400), both mean "no such wine" to a reader. */
function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function WineNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Vinguiden</p>
      <h1 className="mt-3 text-4xl font-black">Vin hittades inte</h1>
      <p className="mt-4 text-lg text-ink-soft">Det vin du letar efter finns inte längre eller har flyttats.</p>
      <Link to="/" className="btn-primary mt-8">
        Tillbaka till startsidan
      </Link>
    </div>
  );
}

export { TasteProfile };

function WineDetail({ wine }: { wine: Wine | WineDetailData }) {
  const title = nameWithVintage(wine);
  const origin = useSiteOrigin();
  const price = formatPrice(wine.price);
  // Beside the price only when it is not an ordinary 75 cl bottle (a 3 l box at 164 kr needs saying).
  const ordinaryBottle = wine.volumeMl === 750 && (!wine.packaging || wine.packaging === 'Flaska');
  const pack = [ordinaryBottle ? '' : packLine(wine), wine.pricePerLitre && `${wine.pricePerLitre} kr/l`].filter(Boolean).join(' · ');
  const byline = [wine.producer, wine.country].filter(Boolean).join(', ');
  const kicker = [wine.wineType, wine.isOrganic ? 'Ekologiskt' : null].filter(Boolean).join(' · ');

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-6 pb-16 sm:px-6 lg:pt-10">
      <JsonLd
        data={wineProductJsonLd(wine, 'reviewerCount' in wine ? wine : { reviewCount: 0, reviewerCount: 0, reviewAverage: null }, { origin })}
      />
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: 'Vinpressen', path: '/' },
            { name: 'Alla viner', path: '/viner' },
            { name: title, path: `/wine/${wine.id}` },
          ],
          { origin },
        )}
      />
      <article>
        <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
          <div className="lg:col-span-5">
            <div className="relative border border-rule bg-paper px-8 py-8 lg:sticky lg:top-6">
              <WineImage wine={wine} loading="eager" photoSize={300} className="mx-auto h-72 w-auto sm:h-96" />
              <div className="absolute top-3 right-3">
                <WineMedals categories={wine.categories} awarded={wine.medal} size="md" />
              </div>
            </div>
          </div>

          <div className="lg:col-span-7">
            <header className="border-b border-ink pb-6">
              <div className="flex flex-wrap items-center gap-3">
                {kicker && <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">{kicker}</p>}
                {wine.isGranskadVinpressen && <GranskadBadge />}
              </div>
              <h1 className="mt-3 text-4xl leading-tight font-black text-ink sm:text-5xl">{title}</h1>
              {byline && <p className="mt-3 text-lg text-ink-soft italic">{byline}</p>}
              {price && (
                <p className="mt-5 font-display text-4xl font-bold text-wine">
                  <span className="sr-only">Pris: </span>
                  {price}
                  {pack && <span className="ml-3 font-sans text-base font-normal text-muted">{pack}</span>}
                </p>
              )}
              {wine.priceDate && <p className="mt-1 font-sans text-xs text-muted">pris {wine.priceDate}</p>}
              {wine.isDiscontinued && (
                <p role="note" className="mt-4 border border-wine px-3 py-2 font-sans text-sm text-ink">
                  <strong className="mr-2 tracking-wider text-wine uppercase">Utgått</strong>
                  Vinet finns inte längre i Systembolagets sortiment
                  {wine.discontinuedOn ? ` (sortimentet ${wine.discontinuedOn})` : ''}. Priset är det senast kända.
                </p>
              )}
              <WineActions wine={wine} title={title} />
            </header>

            {wine.description && <p className="mt-6 text-xl leading-relaxed text-ink sm:text-2xl sm:leading-relaxed">{wine.description}</p>}

            <InfoTiles wine={wine} />
            <PriceHistory wine={wine} />
            <TasteProfile wine={wine} />

            {(wine.serving || wine.color) && (
              <section aria-labelledby="wine-serving" className="mt-10">
                <h2 id="wine-serving" className="section-rule py-1.5 font-sans text-sm font-bold tracking-[0.18em] uppercase">
                  Servering
                </h2>
                <div className="mt-4 space-y-3 text-lg leading-relaxed text-ink-soft">
                  {wine.serving && <p>{wine.serving}</p>}
                  {wine.color && (
                    <p>
                      <span className="mr-2 font-sans text-xs font-semibold tracking-wider text-muted uppercase">Färg</span>
                      {wine.color}
                    </p>
                  )}
                </div>
              </section>
            )}

            <ChipList id="wine-food" heading="PASSAR BRA TILL" items={wine.foodPairings.map(foodPairingLabel)} />
            <ChipList id="wine-occasions" heading="REKOMMENDERAS TILL" items={wine.occasions.map(occasionLabel)} />
          </div>
        </div>
      </article>

      <ReviewBand wine={wine} />

      <div className="mt-12 grid gap-12 lg:grid-cols-2">
        <UserReviews wineId={wine.id} />
        <ExpertReviews wineId={wine.id} />
      </div>

      <SimilarWines wine={wine} />
    </div>
  );
}

/**
 * The wine's earlier prices and its current one, oldest first (db/README.md 'Prices and their dates'): date, price,
 * vintage and volume. Shown only when there is an earlier price.
 */
export function PriceHistory({ wine }: { wine: Pick<Wine, 'price' | 'vintage' | 'volumeMl' | 'priceDate' | 'priceHistory'> }) {
  if (!wine.priceHistory.length) return null;
  const rows = [...wine.priceHistory, { price: wine.price, vintage: wine.vintage, volumeMl: wine.volumeMl, priceDate: wine.priceDate ?? '' }];
  return (
    <section aria-labelledby="wine-price-history" className="mt-10">
      <h2 id="wine-price-history" className="section-rule py-1.5 font-sans text-sm font-bold tracking-[0.18em] uppercase">
        Prishistorik
      </h2>
      <table className="mt-4 w-full font-sans text-sm">
        <thead>
          <tr className="border-b border-rule text-left text-xs tracking-wider text-muted uppercase">
            <th className="py-1.5 font-semibold">Datum</th>
            <th className="py-1.5 font-semibold">Pris</th>
            <th className="py-1.5 font-semibold">Årgång</th>
            <th className="py-1.5 font-semibold">Volym</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.priceDate} className="border-b border-rule">
              <td className="py-1.5">{r.priceDate}</td>
              <td className="py-1.5 font-semibold">{formatPrice(r.price)}</td>
              <td className="py-1.5">{r.vintage ?? '–'}</td>
              <td className="py-1.5">{formatVolume(r.volumeMl) || '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The band before the two review lists (spec 000 §2): the wine's rating in glasses (the mean of the moderators'
 * final ratings of its published reviews) and the review call-to-action.
 */
function ReviewBand({ wine }: { wine: Wine }) {
  const reviews = useWineReviews(wine.id);
  return (
    <section aria-labelledby="wine-review-band" className="mt-16 border-y-4 border-double border-ink bg-paper-dark px-5 py-6 sm:px-8 sm:py-8">
      <h2 id="wine-review-band" className="sr-only">
        Betyg och recension
      </h2>
      <div className="grid gap-6 md:grid-cols-[minmax(14rem,auto)_1fr] md:items-center md:gap-0">
        <div className="border-b border-rule pb-6 md:border-r md:border-b-0 md:pr-10 md:pb-0">
          <WineRating rating={wine.rating} count={reviews.data?.length} />
        </div>
        <div className="md:pl-10">
          <ReviewCallToAction wine={wine} />
        </div>
      </div>
    </section>
  );
}

/** The wine's rating, 1–5 glasses (spec 000 §3), partly filled for decimals; 'Inget betyg än' while unrated. */
export function WineRating({ rating, count }: { rating: number | null; count: number | undefined }) {
  return (
    <div>
      <p className="font-sans text-xs font-bold tracking-[0.18em] text-muted uppercase">Folkets betyg</p>
      {rating === null ? (
        <p className="mt-2 font-display text-2xl leading-tight font-bold text-ink">Inget betyg än</p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
            <RatingGlasses value={rating} />
            <p className="font-display text-ink">
              <span className="sr-only">Betyg: </span>
              <span className="text-3xl font-bold">{formatRating(rating)}</span>
              <span className="ml-1 font-sans text-sm text-ink-soft">av 5</span>
            </p>
          </div>
          {count !== undefined && count > 0 && (
            <p className="mt-1 font-sans text-sm text-muted">
              Baserat på {count} {count === 1 ? 'publicerad recension' : 'publicerade recensioner'}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** Find at the retailer (new tab), share (native or copy link) and subscribe (/#nyhetsbrev) — spec 000 §2. */
function WineActions({ wine, title }: { wine: Wine; title: string }) {
  async function handleShare() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${title} – Vinpressen`, text: `${title} på Vinpressen`, url });
      } catch (err) {
        // Closing the share sheet is not an error worth a message.
        if (err instanceof DOMException && err.name === 'AbortError') return;
        await copyLink(url);
      }
      return;
    }
    await copyLink(url);
  }

  return (
    <div className="mt-6 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
      <a
        href={buyUrl(wine)}
        target="_blank"
        rel="noopener noreferrer"
        className="btn-primary col-span-2"
        aria-label={`Köp nu: ${title} hos Systembolaget (öppnas i en ny flik)`}
      >
        Köp nu
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M9 3h4v4M13 3L7 9M11 9.5V13H3V5h3.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
      <button type="button" className="btn-outline" onClick={() => void handleShare()}>
        Dela
      </button>
      <Link to="/#nyhetsbrev" className="btn-outline">
        Prenumerera
      </Link>
    </div>
  );
}

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Länken kopierad');
  } catch {
    toast.error('Kunde inte kopiera länken', { description: url });
  }
}

/** The four facts the spec asks for (always shown, '–' when unknown) plus the extras the data has. */
function InfoTiles({ wine }: { wine: Wine }) {
  const tiles: { label: string; value: string; always?: boolean }[] = [
    { label: 'Region', value: wine.region ?? '', always: true },
    { label: 'Druvsort', value: wine.grapeVariety ?? '', always: true },
    { label: 'Alkoholhalt', value: formatAlcohol(wine.alcoholContent), always: true },
    { label: 'Årgång', value: wine.vintage ? String(wine.vintage) : '', always: true },
    { label: 'Land', value: wine.country ?? '' },
    { label: 'Volym', value: formatVolume(wine.volumeMl) },
    { label: 'Förpackning', value: wine.packaging ?? '' },
    { label: 'Stil', value: wine.style ?? '' },
  ];
  const shown = tiles.filter((t) => t.always || t.value);

  return (
    <section aria-labelledby="wine-facts" className="mt-10">
      <h2 id="wine-facts" className="section-rule py-1.5 font-sans text-sm font-bold tracking-[0.18em] uppercase">
        Fakta
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-px border border-rule bg-rule sm:grid-cols-4">
        {shown.map((tile) => (
          <div key={tile.label} className="bg-paper px-4 py-3">
            <dt className="font-sans text-xs font-semibold tracking-wider text-muted uppercase">{tile.label}</dt>
            <dd className="mt-1 font-display text-lg leading-snug font-bold break-words text-ink">
              {tile.value || (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">uppgift saknas</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A labelled list of tags, hidden when empty ('PASSAR BRA TILL', 'REKOMMENDERAS TILL'). */
function ChipList({ id, heading, items }: { id: string; heading: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="section-rule py-1.5 font-sans text-sm font-bold tracking-[0.18em] uppercase">
        {heading}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="border border-ink-soft px-3 py-1 font-sans text-sm text-ink">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReviewSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-rule py-2 text-center font-sans text-sm font-bold tracking-[0.18em] uppercase">
        {heading}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

function ReviewsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-6">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-2 border-b border-rule pb-6">
          <div className="skeleton h-4 w-1/3" />
          <div className="skeleton h-3 w-1/4" />
          <div className="skeleton h-4 w-full" />
          <div className="skeleton h-4 w-4/5" />
        </div>
      ))}
    </div>
  );
}

function EmptyNote({ title, text }: { title: string; text: string }) {
  return (
    <div className="border border-dashed border-rule px-6 py-8 text-center">
      <p className="font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">{title}</p>
      <p className="mt-2 text-ink-soft">{text}</p>
    </div>
  );
}

/** A list of reviews with its loading, error ('Kunde inte ladda recensioner.', spec 000 §8) and empty states. */
function ReviewList<T extends { id: string }>({
  id,
  heading,
  query,
  empty,
  renderItem,
}: {
  id: string;
  heading: string;
  query: { data: T[] | undefined; isPending: boolean; isError: boolean };
  empty: { title: string; text: string };
  renderItem: (item: T) => ReactNode;
}) {
  const { data: items, isPending, isError } = query;
  return (
    <ReviewSection id={id} heading={heading}>
      {isPending ? (
        <ReviewsSkeleton />
      ) : isError || !items ? (
        <p role="alert" className="text-center text-wine">
          Kunde inte ladda recensioner.
        </p>
      ) : items.length === 0 ? (
        <EmptyNote title={empty.title} text={empty.text} />
      ) : (
        <ol className="divide-y divide-rule">
          {items.map((item) => (
            <Fragment key={item.id}>{renderItem(item)}</Fragment>
          ))}
        </ol>
      )}
    </ReviewSection>
  );
}

/** 'FOLKETS RECENSIONER' — the published community reviews (spec 000 §2). */
function UserReviews({ wineId }: { wineId: string }) {
  return (
    <ReviewList
      id="user-reviews"
      heading="FOLKETS RECENSIONER"
      query={useWineReviews(wineId)}
      empty={{ title: 'INGA RECENSIONER ÄN', text: 'Bli den första att recensera det här vinet.' }}
      renderItem={(review) => <UserReviewItem review={review} />}
    />
  );
}

function UserReviewItem({ review }: { review: UserReview }) {
  return (
    <li className="py-5 first:pt-0">
      <article>
        <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h3 className="font-serif text-lg font-semibold text-ink">{reviewerName(review.user)}</h3>
          {review.user.isVerified && (
            <span className="font-sans text-xs font-semibold tracking-wider text-green uppercase">
              <span aria-hidden="true">✓ </span>Verifierad
            </span>
          )}
          <time dateTime={review.createdAt} className="font-sans text-sm text-muted">
            {formatReviewDate(review.createdAt)}
          </time>
        </header>
        <ReviewScores review={review} className="mt-2" />
        <p className="mt-3 leading-relaxed whitespace-pre-line text-ink-soft">{review.content}</p>
      </article>
    </li>
  );
}

/** 'VINEXPERTERS RECENSIONER' — featured expert reviews of this wine (spec 000 §2). */
function ExpertReviews({ wineId }: { wineId: string }) {
  return (
    <ReviewList
      id="expert-reviews"
      heading="VINEXPERTERS RECENSIONER"
      query={useExpertReviews(wineId)}
      empty={{ title: 'Inga expertrecensioner än', text: 'Vi väntar på våra första expertrecensioner.' }}
      renderItem={(review) => <ExpertReviewItem review={review} />}
    />
  );
}

function ExpertReviewItem({ review }: { review: ExpertReview }) {
  return (
    <li className="py-5 first:pt-0">
      <article>
        <header className="flex items-center gap-3">
          <ExpertAvatar name={review.expert.name} imageUrl={review.expert.imageUrl} />
          <div>
            <p className="font-serif text-lg leading-tight font-semibold text-ink">{review.expert.name}</p>
            <p className="font-sans text-sm text-muted">{review.expert.title}</p>
          </div>
          <p className="ml-auto font-display text-2xl font-bold text-wine">
            <span className="sr-only">Betyg: </span>
            {review.rating}/5
          </p>
        </header>
        <h3 className="mt-3 text-xl font-bold text-ink">{review.title}</h3>
        <p className="mt-2 leading-relaxed whitespace-pre-line text-ink-soft">{review.content}</p>
        <time dateTime={review.createdAt} className="mt-2 block font-sans text-sm text-muted">
          {formatReviewDate(review.createdAt)}
        </time>
      </article>
    </li>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-6 pb-16 sm:px-6 lg:pt-10" aria-busy="true">
      <p className="sr-only" role="status">
        Laddar vinet…
      </p>
      <div className="grid gap-8 lg:grid-cols-12 lg:gap-12" aria-hidden="true">
        <div className="skeleton h-[22rem] sm:h-[28rem] lg:col-span-5" />
        <div className="space-y-4 lg:col-span-7">
          <div className="skeleton h-3 w-1/4" />
          <div className="skeleton h-12 w-3/4" />
          <div className="skeleton h-5 w-1/3" />
          <div className="skeleton h-10 w-1/4" />
          <div className="flex gap-3">
            <div className="skeleton h-10 w-28" />
            <div className="skeleton h-10 w-24" />
            <div className="skeleton h-10 w-32" />
          </div>
          <div className="skeleton mt-6 h-5 w-full" />
          <div className="skeleton h-5 w-11/12" />
          <div className="skeleton h-5 w-4/5" />
          <div className="skeleton mt-6 h-32 w-full" />
        </div>
      </div>
    </div>
  );
}
