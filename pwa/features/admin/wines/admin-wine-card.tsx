import { Link } from 'react-router-dom';
import type { AdminWine } from '../../../../api/contract/admin-wines';
import { WINE_CATEGORY_LABELS } from '../../../../api/contract/constants';
import { GranskadBadge } from '../../../components/wine/granskad-badge';
import { WineImage } from '../../../components/wine/wine-image';
import { formatPrice, nameWithVintage } from '../../../lib/wine-format';
import { StatusBadge } from '../../../components/wine/status-badge';
import { SOURCE_LABELS } from './wine-labels';
import { EditDeleteButtons } from '../components/edit-delete-buttons';

/** A rating as the admin reads it: '4 av 5', '3,5 av 5', or 'Inget betyg'. */
export function ratingText(rating: number | null): string {
  return rating === null ? 'Inget betyg' : `${rating.toLocaleString('sv-SE', { maximumFractionDigits: 1 })} av 5`;
}

/**
 * One wine in the Wines tab's grid (spec 001 §2 'Wines tab'): picture (or the site's illustration), name with
 * vintage, price in kr, categories, rating, approval status and origin, with 'Redigera' and 'Ta bort'
 * (their accessible names carry the wine's name). Approved wines link to their public page.
 */
export function AdminWineCard({ wine, onEdit, onDelete }: { wine: AdminWine; onEdit: () => void; onDelete: () => void }) {
  const title = nameWithVintage(wine);
  return (
    <article aria-label={title} className="flex h-full flex-col border border-rule bg-paper">
      <div className="flex gap-4 p-4">
        <div className="w-20 shrink-0">
          <WineImage wine={wine} alt="" className="h-auto w-full" />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <StatusBadge status={wine.approvalStatus} />
            {wine.isGranskadVinpressen && <GranskadBadge />}
          </div>
          <h3 className="mt-2 text-lg leading-snug font-bold break-words text-ink">{title}</h3>
          <p className="mt-1 font-display text-xl font-bold text-wine">
            <span className="sr-only">Pris: </span>
            {formatPrice(wine.price)}
          </p>
          <dl className="mt-2 space-y-0.5 font-sans text-xs text-ink-soft">
            <div className="flex gap-1">
              <dt className="font-semibold text-ink">Eget betyg:</dt>
              <dd>{ratingText(wine.rating)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="font-semibold text-ink">Folkets betyg:</dt>
              <dd>{ratingText(wine.communityRating)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="font-semibold text-ink">Kategorier:</dt>
              <dd>{wine.categories.length ? wine.categories.map((c) => WINE_CATEGORY_LABELS[c]).join(', ') : 'Inga'}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="font-semibold text-ink">Källa:</dt>
              <dd>{SOURCE_LABELS[wine.source]}</dd>
            </div>
          </dl>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-rule px-4 py-3">
        <EditDeleteButtons name={title} onEdit={onEdit} onDelete={onDelete} />
        {wine.approvalStatus === 'approved' && (
          <Link
            to={`/wine/${wine.id}`}
            target="_blank"
            rel="noopener"
            className="ml-auto font-sans text-xs font-semibold text-wine underline-offset-2 hover:underline"
          >
            Visa på sajten<span className="sr-only">: {title} (öppnas i en ny flik)</span>
          </Link>
        )}
      </div>
    </article>
  );
}
