import { Link } from 'react-router-dom';
import { SectionHeading } from '../../components/ui/blocks';
import { LoadError, LoadingBlock } from '../../components/ui/states';
import { StatusBadge } from '../../components/wine/status-badge';
import { GranskadBadge } from '../../components/wine/granskad-badge';
import { isNetworkError } from '../../lib/api-client';
import { useDeviceWines, type DeviceWine } from './device-wines';
import type { ReactNode } from 'react';
import { MyWinesList } from './my-wines-list';
import { DraftSyncBadge } from './sync/draft-sync-badge';
import { formatKronor } from '../../../api/contract/money';
import { MedalBadge, RatingStars } from './partner-ui';
import { WineCardActions } from './wine-card-actions';

/**
 * Mina viner (spec 001 §2, §4): one card per wine with name, status badge (Utkast, Väntar, Godkänd, Avvisad),
 * description, price in kr, the rating as stars, the 'Granskad' mark and the medal, the reason of a rejection (also
 * while a rejected wine is revised), and its buttons (wine-card-actions.tsx): for drafts only 'Redigera', 'Skicka in'
 * and 'Ta bort'; 'Kopiera' for every wine; 'Ändra och skicka in igen' for a rejected one. Without wines an
 * empty state invites to add the first one. The list is the device's: it opens offline and shows changes
 * not yet sent, each card with its sync badge; over the cards the search, filter, order and bulk submit of
 * my-wines-list.tsx, and a checkbox on each draft's card (`select`).
 */
export function MyWinesTab({ userId }: { userId: string }) {
  const { wines, refresh } = useDeviceWines(userId);

  return (
    <section aria-labelledby="partner-wines">
      <SectionHeading
        actions={
          <Link to="/partner/wines/new" className="btn-primary">
            Lägg till vin
          </Link>
        }
      >
        <span id="partner-wines">Mina viner{wines ? ` (${wines.length})` : ''}</span>
      </SectionHeading>
      {!wines ? (
        <LoadingBlock label="Hämtar dina viner…" />
      ) : wines.length === 0 && refresh.isError ? (
        <LoadError
          message={isNetworkError(refresh.error) ? 'Du är offline och inga viner finns sparade på enheten ännu.' : 'Kunde inte hämta dina viner.'}
          onRetry={() => void refresh.refetch()}
        />
      ) : wines.length === 0 ? (
        <div className="border border-dashed border-rule px-4 py-12 text-center">
          <p className="font-display text-2xl font-bold">Inga viner ännu</p>
          <p className="mx-auto mt-2 max-w-md font-sans text-ink-soft">
            Lägg till ditt första vin – det sparas som utkast tills du skickar in det för granskning.
          </p>
          <Link to="/partner/wines/new" className="btn-primary mt-6">
            Lägg till ditt första vin
          </Link>
        </div>
      ) : (
        <MyWinesList wines={wines} renderCard={(wine, select) => <PartnerWineCard wine={wine} select={select} />} />
      )}
    </section>
  );
}

/** One of the partner's wines as a card (spec 001 §2 'Mina viner'), with its sync badge. */
export function PartnerWineCard({ wine, select }: { wine: DeviceWine; select?: ReactNode }) {
  const headingId = `wine-${wine.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col border border-rule bg-white/60 p-4 sm:p-5">
      {select}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-xl leading-snug font-bold break-words">
          {wine.name}
          {wine.vintage && !wine.name.includes(String(wine.vintage)) ? ` ${wine.vintage}` : ''}
        </h3>
        <StatusBadge status={wine.approvalStatus} />
      </div>
      <DraftSyncBadge draft={wine.draft} />
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="font-display text-lg font-bold text-wine">{wine.price === null ? 'Pris saknas' : formatKronor(wine.price)}</span>
        <RatingStars value={wine.rating} />
      </div>
      {(wine.isGranskadVinpressen || wine.medal) && (
        <div className="mt-2 flex flex-wrap gap-2">
          {wine.isGranskadVinpressen && <GranskadBadge />}
          {wine.medal && <MedalBadge medal={wine.medal} />}
        </div>
      )}
      <p className="mt-3 line-clamp-3 text-ink-soft">{wine.description}</p>
      {(wine.approvalStatus === 'rejected' || (wine.approvalStatus === 'draft' && wine.rejectionReason)) && (
        <div className="mt-3 border-l-4 border-wine bg-wine-light/50 px-3 py-2 font-sans text-sm">
          <p className="font-semibold text-ink">Anledning till avvisningen:</p>
          <p className="text-ink">{wine.rejectionReason || 'Ingen anledning angavs.'}</p>
        </div>
      )}
      <WineCardActions wine={wine} />
    </article>
  );
}
