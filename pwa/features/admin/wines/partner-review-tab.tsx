import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { GranskadBadge } from '../../../components/wine/granskad-badge';
import { WineImage } from '../../../components/wine/wine-image';
import { formatPrice, nameWithVintage } from '../../../lib/wine-format';
import { SectionHeading, Fact } from '../../../components/ui/blocks';
import { QueryState } from '../../../components/ui/states';
import { dangerButtonClass, smallButtonClass } from '../../../components/ui/classes';
import { PARTNER_WINES_PER_PAGE, usePartnerWines, type PartnerReviewStatus, type PartnerWine } from './api';
import { Pager } from './pager';
import { ApproveWineDialog, RejectWineDialog, ReviewWineDialog, formatSwedishDate, ownerName } from './partner-review-dialogs';
import { StatusBadge } from '../../../components/wine/status-badge';

export { formatSwedishDate };

/** The sub-tabs in order, with their empty texts ('Inga viner väntar' is the spec's, spec 001 §8). */
const LISTS: readonly { status: PartnerReviewStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'Väntande', empty: 'Inga viner väntar' },
  { status: 'approved', label: 'Godkända', empty: 'Inga godkända partnerviner' },
  { status: 'rejected', label: 'Avvisade', empty: 'Inga avvisade partnerviner' },
];

/** smallButtonClass in the review mark's green (white on #2f5d50: 7.6:1). */
const approveButtonClass =
  'inline-flex min-h-9 items-center justify-center gap-1.5 border border-green bg-green px-3 py-1.5 font-sans text-xs font-semibold tracking-wide text-white uppercase hover:border-ink hover:bg-ink';

type OpenDialog = { kind: 'review' | 'approve' | 'reject'; wine: PartnerWine } | null;

/**
 * The Partner review tab (spec 001 §2 'Partner review tab'): wines partners sent in, in the sub-tabs Väntande
 * (GET /api/admin/wines/pending, the longest waiting first), Godkända and Avvisade (GET /api/admin/wines/rejected,
 * with the reasons; the original's 'coming soon' is implemented), 20 a page, each count beside its tab's name.
 * Each wine shows its badge (Väntar, Godkänd, Avvisad), price in kr, dates in Swedish, the partner company and
 * phone and the owner's name and e-mail. Only pending wines have Granska (the whole wine), Godkänn (review mark and
 * medal) and Avvisa (required reason).
 */
export function PartnerReviewTab() {
  const [offsets, setOffsets] = useState<Record<PartnerReviewStatus, number>>({ pending: 0, approved: 0, rejected: 0 });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const queries = {
    pending: usePartnerWines('pending', offsets.pending),
    approved: usePartnerWines('approved', offsets.approved),
    rejected: usePartnerWines('rejected', offsets.rejected),
  };
  const close = () => setDialog(null);
  const open = (kind: 'review' | 'approve' | 'reject') => (wine: PartnerWine) => setDialog({ kind, wine });

  return (
    <section aria-labelledby="partner-review-heading">
      <SectionHeading>
        <span id="partner-review-heading">Partnergranskning</span>
      </SectionHeading>
      <p className="mb-4 max-w-2xl font-sans text-sm text-ink-soft">
        Viner som producenter och importörer har skickat in till Vinpressen, efter status.
      </p>
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
                <QueryState
                  query={list}
                  loadingLabel="Laddar partnerviner…"
                  errorMessage="Kunde inte ladda partnervinerna."
                  isEmpty={(data) => data.items.length === 0}
                  empty={empty}
                >
                  {(data) => (
                    <>
                      <ul className={`space-y-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
                        {data.items.map((wine) => (
                          <li key={wine.id}>
                            <PartnerWineEntry wine={wine} onReview={open('review')} onApprove={open('approve')} onReject={open('reject')} />
                          </li>
                        ))}
                      </ul>
                      <Pager
                        label="Sidor i listan"
                        offset={data.offset}
                        limit={PARTNER_WINES_PER_PAGE}
                        total={data.total}
                        busy={list.isPlaceholderData}
                        onOffsetChange={(offset) => setOffsets((o) => ({ ...o, [status]: offset }))}
                      />
                    </>
                  )}
                </QueryState>
              </TabPanel>
            );
          })}
        </TabPanels>
      </TabGroup>

      <ReviewWineDialog wine={dialog?.kind === 'review' ? dialog.wine : null} onClose={close} onApprove={open('approve')} onReject={open('reject')} />
      <ApproveWineDialog wine={dialog?.kind === 'approve' ? dialog.wine : null} onClose={close} />
      <RejectWineDialog wine={dialog?.kind === 'reject' ? dialog.wine : null} onClose={close} />
    </section>
  );
}

/** The date each list shows besides createdAt: when it was sent in, approved or rejected. */
const DECISION_DATE: Record<PartnerReviewStatus, { term: string; of: (w: PartnerWine) => string | null }> = {
  pending: { term: 'Inskickat', of: (w) => w.submittedAt },
  approved: { term: 'Godkänt', of: (w) => w.reviewedAt },
  rejected: { term: 'Avvisat', of: (w) => w.reviewedAt },
};

/**
 * One partner wine: badge, name, price, createdAt and the date of its last step, partner company and phone, owner
 * name and e-mail; an approved wine's mark and medal, a rejected wine's reason; a pending wine's three actions.
 */
function PartnerWineEntry({
  wine,
  onReview,
  onApprove,
  onReject,
}: {
  wine: PartnerWine;
  onReview: (wine: PartnerWine) => void;
  onApprove: (wine: PartnerWine) => void;
  onReject: (wine: PartnerWine) => void;
}) {
  const title = nameWithVintage(wine);
  const name = ownerName(wine);
  const status = wine.approvalStatus === 'approved' || wine.approvalStatus === 'rejected' ? wine.approvalStatus : 'pending';
  const decision = DECISION_DATE[status];
  const decidedOn = formatSwedishDate(decision.of(wine));
  return (
    <article aria-label={title} className="grid grid-cols-[4rem_1fr] gap-4 border border-rule bg-paper p-4 sm:grid-cols-[5rem_1fr]">
      <WineImage wine={wine} alt="" className="h-auto w-full" />
      <div className="min-w-0">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg leading-snug font-bold break-words text-ink">{title}</h3>
          <div className="flex flex-wrap items-center gap-2">
            {wine.isGranskadVinpressen && <GranskadBadge />}
            <StatusBadge status={wine.approvalStatus} />
          </div>
        </div>
        {wine.description && <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{wine.description}</p>}
        {/* On phones price and dates share a row; the partner and the owner get a row each (e-mail addresses are long). */}
        <dl className="mt-3 grid grid-cols-2 gap-3 *:nth-[n+3]:col-span-2 sm:*:nth-[n+3]:col-span-1 lg:grid-cols-4">
          <Fact term="Pris">{formatPrice(wine.price)}</Fact>
          <Fact term="Skapad">
            {formatSwedishDate(wine.createdAt)}
            {decidedOn && (
              <span className="block text-ink-soft">
                {decision.term} {decidedOn}
              </span>
            )}
          </Fact>
          <Fact term="Partner">
            {wine.partner ? (
              <>
                {wine.partner.companyName}
                {wine.partner.phone && (
                  <>
                    <br />
                    <a
                      href={`tel:${wine.partner.phone.replace(/[^\d+]/g, '')}`}
                      className="whitespace-nowrap text-wine underline-offset-2 hover:underline"
                    >
                      {wine.partner.phone}
                    </a>
                  </>
                )}
              </>
            ) : (
              <span className="text-ink-soft">Uppgifter saknas</span>
            )}
          </Fact>
          <Fact term="Kontoägare">
            {wine.owner ? (
              <>
                {name && (
                  <>
                    {name}
                    <br />
                  </>
                )}
                <a href={`mailto:${wine.owner.email}`} className="text-wine underline-offset-2 hover:underline">
                  {wine.owner.email}
                </a>
              </>
            ) : (
              <span className="text-ink-soft">Uppgifter saknas</span>
            )}
          </Fact>
        </dl>
        {wine.approvalStatus === 'approved' && wine.medal && (
          <p className="mt-3 flex items-center gap-2 font-sans text-sm text-ink">
            <img src={`/api/medal-designs/${encodeURIComponent(wine.medal.id)}.svg`} alt="" width={32} height={32} className="size-8" />
            Medalj: {wine.medal.name}
          </p>
        )}
        {wine.approvalStatus === 'rejected' && (
          <p className="mt-3 border-l-4 border-wine bg-wine-light/40 px-3 py-2 font-sans text-sm whitespace-pre-line text-ink">
            <strong>Anledning:</strong> {wine.rejectionReason || 'Ingen anledning angiven.'}
          </p>
        )}
        {/* A pending wine keeps its last rejection reason only when the partner revised it and sent it in again. */}
        {wine.approvalStatus === 'pending' && wine.rejectionReason && (
          <div className="mt-3 border-l-4 border-gold bg-paper-dark px-3 py-2 font-sans text-sm text-ink">
            <p className="font-semibold">Inskickat igen efter avvisning</p>
            <p className="mt-1 whitespace-pre-line">
              <strong>Tidigare anledning:</strong> {wine.rejectionReason}
            </p>
          </div>
        )}
      </div>
      {wine.approvalStatus === 'pending' && (
        <div className="col-span-2 grid grid-cols-3 gap-2 border-t border-rule pt-3 sm:col-span-1 sm:col-start-2 sm:flex sm:flex-wrap">
          <button type="button" className={smallButtonClass} onClick={() => onReview(wine)} aria-label={`Granska ${title}`}>
            Granska
          </button>
          <button type="button" className={approveButtonClass} onClick={() => onApprove(wine)} aria-label={`Godkänn ${title}`}>
            Godkänn
          </button>
          <button type="button" className={dangerButtonClass} onClick={() => onReject(wine)} aria-label={`Avvisa ${title}`}>
            Avvisa
          </button>
        </div>
      )}
    </article>
  );
}
