import { Link } from 'react-router-dom';
import type { WineSummary } from '../../../api/contract/wines';
import { buyUrl, formatPrice, nameWithVintage, packLine, wineFactsLine } from '../../lib/wine-format';
import { GranskadBadge } from './granskad-badge';
import { WineImage } from './wine-image';
import { WineMedals } from './wine-medals';

/**
 * One wine as a newspaper notice (spec 000 §2 'Wine card'): image, medals, 'Granskad' badge, name with
 * vintage, description (3 lines), a FYND's reason, region • grape • alcohol, price in SEK with the volume and
 * kr/l and, in small text, the price's date ('pris 2026-08-22', 'Utgått' first for a wine no longer sold),
 * 'Köp nu' (Systembolaget, new tab) and 'Läs mer' (/wine/{id}). Fills its grid cell; the heading is an h3 (pages
 * put it under an h2). Takes the list's WineSummary; a full Wine (no fyndReason) fits as well.
 */
export function WineCard({
  wine,
  aboveTheFold = false,
}: {
  wine: Omit<WineSummary, 'fyndReason'> & { fyndReason?: string | null };
  /** The list's first card, on a phone's first screen: its picture loads at once, before the rest (the page's LCP). */
  aboveTheFold?: boolean;
}) {
  const title = nameWithVintage(wine);
  const facts = wineFactsLine(wine);
  const price = formatPrice(wine.price);
  const pack = [packLine(wine), wine.pricePerLitre && `${wine.pricePerLitre} kr/l`].filter(Boolean).join(' · ');
  const detailHref = `/wine/${wine.id}`;

  return (
    <article className="flex h-full flex-col border border-rule bg-paper">
      <div className="relative border-b border-rule bg-paper">
        {/* The picture repeats the 'Läs mer' link for pointer users; keyboard and screen readers get one link. */}
        <Link to={detailHref} tabIndex={-1} aria-hidden="true" className="block px-6 pt-5 pb-3">
          <WineImage wine={wine} loading={aboveTheFold ? 'eager' : 'lazy'} className="mx-auto h-52 w-auto" />
        </Link>
        {wine.isGranskadVinpressen && (
          <div className="absolute top-3 left-3">
            <GranskadBadge className="bg-paper" />
          </div>
        )}
        <div className="absolute top-3 right-3">
          <WineMedals categories={wine.categories} awarded={wine.medal} size="sm" />
        </div>
      </div>

      <div className="flex flex-1 flex-col px-5 pt-4 pb-5">
        {facts && <p className="font-sans text-xs font-semibold tracking-wider text-muted uppercase">{facts}</p>}
        <h3 className="mt-1.5 text-xl leading-snug font-bold text-ink">{title}</h3>
        {wine.description && <p className="mt-2 line-clamp-3 text-[0.95rem] leading-relaxed text-ink-soft">{wine.description}</p>}
        {wine.fyndReason && <p className="mt-2 font-sans text-xs text-muted">{wine.fyndReason}</p>}

        <div className="mt-auto pt-4">
          {price && (
            <p className="border-t border-rule pt-3 font-display text-2xl font-bold text-wine">
              <span className="sr-only">Pris: </span>
              {price}
              {pack && <span className="ml-2 font-sans text-sm font-normal text-muted">{pack}</span>}
              {wine.priceDate && (
                <span className="block font-sans text-xs font-normal text-muted">
                  {wine.isDiscontinued && 'Utgått · '}pris {wine.priceDate}
                </span>
              )}
            </p>
          )}
          <div className="mt-3 grid grid-cols-2 gap-2">
            <a
              href={buyUrl(wine)}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-primary"
              aria-label={`Köp nu: ${title} hos Systembolaget (öppnas i en ny flik)`}
            >
              Köp nu
            </a>
            {/* The wine's name in the link's own text, not only its label: crawlers read the text ('Läs mer om …'). */}
            <Link to={detailHref} className="btn-outline">
              Läs mer<span className="sr-only"> om {title}</span>
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
