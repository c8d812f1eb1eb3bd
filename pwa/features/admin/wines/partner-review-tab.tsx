import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { WineImage } from '../../wines/components/wine-image';
import { formatPrice, nameWithVintage } from '../../wines/format';
import { AdminSectionHeading, EmptyState, Fact, LoadError, LoadingBlock } from '../components/admin-ui';
import { PARTNER_WINES_PER_PAGE, usePartnerWines, type PartnerWine } from './api';
import { Pager } from './pager';
import { StatusBadge } from './status-badge';

type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** The sub-tabs in order, with their empty texts ('Inga viner väntar' is the spec's, spec 001 §8). */
const LISTS: readonly { status: ReviewStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'Väntande', empty: 'Inga viner väntar' },
  { status: 'approved', label: 'Godkända', empty: 'Inga godkända partnerviner' },
  { status: 'rejected', label: 'Avvisade', empty: 'Inga avvisade partnerviner' },
];

const swedishDate = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'long', timeZone: 'Europe/Stockholm' });

/** An ISO time as a Swedish date, e.g. '23 november 2026' (spec 001 §9: dates in Swedish format). */
export function formatSwedishDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : swedishDate.format(date);
}

/**
 * The Partner review tab (spec 001 §2 'Partner review tab'): wines partners sent in (source 'partner'), in the
 * sub-tabs Väntande, Godkända and Avvisade, each a real query of GET /api/admin/wines by approval status,
 * newest first, 20 a page, its count beside the tab's name. Each wine shows its badge (Väntar, Godkänd,
 * Avvisad), price in kr, the date it came in, the partner and the account owner, and for a rejected wine the
 * reason. Approving and rejecting come with the partner portal; until then the tab only lists.
 */
export function PartnerReviewTab() {
  const [offsets, setOffsets] = useState<Record<ReviewStatus, number>>({ pending: 0, approved: 0, rejected: 0 });
  const queries = {
    pending: usePartnerWines('pending', offsets.pending),
    approved: usePartnerWines('approved', offsets.approved),
    rejected: usePartnerWines('rejected', offsets.rejected),
  };

  return (
    <section aria-labelledby="partner-review-heading">
      <AdminSectionHeading>
        <span id="partner-review-heading">Partnergranskning</span>
      </AdminSectionHeading>
      <p className="mb-4 max-w-2xl font-sans text-sm text-ink-soft">Viner som producenter och importörer har skickat in till Vinpressen, efter status.</p>
      <TabGroup>
        <TabList aria-label="Partnerviner efter status" className="grid grid-cols-3 border-b border-rule sm:flex sm:gap-1">
          {LISTS.map(({ status, label }) => {
            const total = queries[status].data?.total;
            return (
              <Tab
                key={status}
                className="flex items-center justify-center gap-1.5 border-b-2 border-transparent px-1 py-2 font-sans text-sm font-semibold text-ink-soft hover:text-ink data-selected:border-wine data-selected:text-ink sm:px-3"
              >
                {label}
                {total !== undefined && (
                  <>
                    <span aria-hidden="true" className="min-w-6 rounded-full bg-paper-dark px-1.5 py-0.5 text-center text-xs text-ink tabular-nums">
                      {total}
                    </span>
                    <span className="sr-only">, {total === 1 ? '1 vin' : `${total} viner`}</span>
                  </>
                )}
              </Tab>
            );
          })}
        </TabList>
        <TabPanels className="pt-5">
          {LISTS.map(({ status, empty }) => {
            const list = queries[status];
            return (
              <TabPanel key={status} className="focus:outline-none">
                {list.isPending ? (
                  <LoadingBlock label="Laddar partnerviner…" />
                ) : list.isError ? (
                  <LoadError message="Kunde inte ladda partnervinerna." onRetry={() => void list.refetch()} />
                ) : list.data.items.length === 0 ? (
                  <EmptyState>{empty}</EmptyState>
                ) : (
                  <>
                    <ul className={`space-y-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
                      {list.data.items.map((wine) => (
                        <li key={wine.id}>
                          <PartnerWineEntry wine={wine} />
                        </li>
                      ))}
                    </ul>
                    <Pager
                      label="Sidor i listan"
                      offset={list.data.offset}
                      limit={PARTNER_WINES_PER_PAGE}
                      total={list.data.total}
                      busy={list.isPlaceholderData}
                      onOffsetChange={(offset) => setOffsets((o) => ({ ...o, [status]: offset }))}
                    />
                  </>
                )}
              </TabPanel>
            );
          })}
        </TabPanels>
      </TabGroup>
    </section>
  );
}

/** One partner wine: badge, name, price, date, partner company and phone, owner name and e-mail, rejection reason. */
function PartnerWineEntry({ wine }: { wine: PartnerWine }) {
  const title = nameWithVintage(wine);
  const ownerName = [wine.owner?.firstName, wine.owner?.lastName].filter(Boolean).join(' ');
  return (
    <article aria-label={title} className="grid grid-cols-[4rem_1fr] gap-4 border border-rule bg-paper p-4 sm:grid-cols-[5rem_1fr]">
      <WineImage wine={wine} alt="" className="h-auto w-full" />
      <div className="min-w-0">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg leading-snug font-bold break-words text-ink">{title}</h3>
          <StatusBadge status={wine.approvalStatus} />
        </div>
        {wine.description && <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{wine.description}</p>}
        <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Fact term="Pris">{formatPrice(wine.price)}</Fact>
          <Fact term="Inskickat">{formatSwedishDate(wine.createdAt)}</Fact>
          <Fact term="Partner">
            {wine.partner ? (
              <>
                {wine.partner.companyName}
                {wine.partner.phone && (
                  <>
                    <br />
                    <a href={`tel:${wine.partner.phone.replace(/[^\d+]/g, '')}`} className="text-wine underline-offset-2 hover:underline">
                      {wine.partner.phone}
                    </a>
                  </>
                )}
              </>
            ) : (
              <span className="text-muted">Uppgifter saknas</span>
            )}
          </Fact>
          <Fact term="Kontoägare">
            {wine.owner ? (
              <>
                {ownerName && (
                  <>
                    {ownerName}
                    <br />
                  </>
                )}
                <a href={`mailto:${wine.owner.email}`} className="text-wine underline-offset-2 hover:underline">
                  {wine.owner.email}
                </a>
              </>
            ) : (
              <span className="text-muted">Uppgifter saknas</span>
            )}
          </Fact>
        </dl>
        {wine.approvalStatus === 'rejected' && (
          <p className="mt-3 border-l-4 border-wine bg-wine-light/40 px-3 py-2 font-sans text-sm text-ink">
            <strong>Anledning:</strong> {wine.rejectionReason || 'Ingen anledning angiven.'}
          </p>
        )}
      </div>
    </article>
  );
}
