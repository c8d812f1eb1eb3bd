import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { PendingReview } from '../../../../api/contract/reviews';
import { useAuth } from '../../../lib/auth/auth-provider';
import { panelRole } from '../admin-guard';
import { SectionHeading, StatCard } from '../../../components/ui/blocks';
import { EmptyState, LoadError, LoadingBlock } from '../../../components/ui/states';
import { formatRating } from '../dashboard/format';
import { usePendingReviews, useModerateReview } from './api';
import { PendingReviewList } from './pending-review-list';
import { ReviewDetails } from './review-details';

// The experts' panel is for admins only and has its own chunk: moderators never download it.
const ExpertsPanel = lazy(async () => ({ default: (await import('../experts/experts-panel')).ExpertsPanel }));

/** Where the list and the details sit side by side (Tailwind's lg); below it the details follow the list. */
const SIDE_BY_SIDE = '(min-width: 1024px)';

function sideBySide(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(SIDE_BY_SIDE).matches;
}

/** The review after `id` in `items`, else the one before it, else null: what to show after deciding `id`. */
export function nextAfter(items: readonly PendingReview[], id: string): string | null {
  const at = items.findIndex((r) => r.id === id);
  if (at < 0) return items[0]?.id ?? null;
  return items[at + 1]?.id ?? items[at - 1]?.id ?? null;
}

/**
 * The Recensioner tab (spec 001 §2 'Reviews moderation tab'). Admins get two sub-tabs, 'Väntande recensioner'
 * and 'Experter'; moderators only the pending reviews (experts are admins' work).
 */
export function ReviewsTab() {
  const { user } = useAuth();
  const admin = !!user && panelRole(user) === 'admin';
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="sr-only">
        Recensioner
      </h2>
      {admin ? (
        <TabGroup>
          <TabList aria-label="Recensioner" className="mb-6 flex gap-1 border-b border-rule">
            {['Väntande recensioner', 'Experter'].map((label) => (
              <Tab
                key={label}
                className="border-b-2 border-transparent px-3 py-2 font-sans text-sm font-semibold text-ink-soft hover:text-ink focus:outline-none data-focus:outline-3 data-focus:outline-offset-[-3px] data-focus:outline-wine data-selected:border-wine data-selected:text-ink"
              >
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            <TabPanel className="focus:outline-none">
              <PendingReviewsPanel />
            </TabPanel>
            <TabPanel className="focus:outline-none">
              <Suspense fallback={<LoadingBlock />}>
                <ExpertsPanel />
              </Suspense>
            </TabPanel>
          </TabPanels>
        </TabGroup>
      ) : (
        <PendingReviewsPanel />
      )}
    </section>
  );
}

/**
 * The pending reviews: three stat cards with real figures (Väntande; 'Snitt AI-betyg', the mean of the
 * analysed ones, not the spec's fixed 4.2; 'Kräver uppmärksamhet', the reviews whose analysis needs a moderator —
 * spam, links, contact details, swearing or abuse, off-topic, not Swedish, stars against the text — never a low
 * opinion alone), 'VÄNTANDE RECENSIONER' with the choice 'Visa bara de som kräver uppmärksamhet', and
 * 'RECENSIONSDETALJER' of the chosen one. After a decision the next review is shown.
 */
function PendingReviewsPanel() {
  const list = usePendingReviews();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusDetails, setFocusDetails] = useState(false);
  const [attentionOnly, setAttentionOnly] = useState(false);
  const detailsRef = useRef<HTMLElement>(null);
  const filterId = useId();
  const all = list.data?.items ?? [];
  const items = attentionOnly ? all.filter((r) => r.needsAttention) : all;

  const moderation = useModerateReview((decidedId) => {
    const next = nextAfter(items, decidedId);
    setSelectedId(next);
    setFocusDetails(true);
    // With nothing left to show, the focus goes to the details' prompt rather than to the page.
    if (!next) window.setTimeout(() => detailsRef.current?.focus(), 0);
  });

  function handleSelect(id: string) {
    setSelectedId(id);
    // On a phone the details are under the list: take the reader there.
    setFocusDetails(!sideBySide());
  }

  if (list.isPending) return <LoadingBlock label="Laddar recensioner…" />;
  if (list.isError) return <LoadError message="Kunde inte ladda recensionerna." onRetry={() => void list.refetch()} />;

  const { stats } = list.data;
  const selected = all.find((r) => r.id === selectedId) ?? null;
  return (
    <div>
      <div className="mb-8 grid gap-4 sm:grid-cols-3">
        <StatCard label="Väntande" value={stats.pending} hint="Recensioner att granska" />
        <StatCard
          label="Snitt AI-betyg"
          value={formatRating(stats.averageAiRating)}
          hint={stats.averageAiRating === null ? 'Inga analyserade recensioner' : 'Av 5, för de väntande'}
        />
        <StatCard label="Kräver uppmärksamhet" value={stats.needsAttention} hint="Skräp, länkar, påhopp och annat en moderator ska se" />
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <section aria-labelledby="pending-reviews-heading">
          <SectionHeading>
            <span id="pending-reviews-heading">VÄNTANDE RECENSIONER</span>
          </SectionHeading>
          <div className="mb-3 flex items-center gap-2">
            <input
              id={filterId}
              type="checkbox"
              checked={attentionOnly}
              onChange={(e) => setAttentionOnly(e.target.checked)}
              className="size-4 accent-wine"
            />
            <label htmlFor={filterId} className="font-sans text-sm text-ink">
              Visa bara de som kräver uppmärksamhet
            </label>
          </div>
          {items.length === 0 ? (
            <EmptyState>{attentionOnly && all.length > 0 ? 'Inga recensioner kräver uppmärksamhet' : 'Inga väntande recensioner'}</EmptyState>
          ) : (
            <PendingReviewList reviews={items} selectedId={selected?.id ?? null} onSelect={handleSelect} />
          )}
        </section>

        <section ref={detailsRef} tabIndex={-1} aria-labelledby="review-details-heading" className="focus:outline-none">
          <SectionHeading>
            <span id="review-details-heading">RECENSIONSDETALJER</span>
          </SectionHeading>
          {selected ? (
            <ReviewDetails
              key={selected.id}
              review={selected}
              busy={moderation.busy}
              focusOnMount={focusDetails}
              onApprove={(finalRating, notes) =>
                moderation.decide({ id: selected.id, decision: 'approve', body: { finalRating, ...(notes ? { moderatorNotes: notes } : {}) } })
              }
              onReject={(reason, notes) =>
                moderation.decide({ id: selected.id, decision: 'reject', body: { reason, ...(notes ? { moderatorNotes: notes } : {}) } })
              }
            />
          ) : (
            <EmptyState>Välj en recension för att se detaljer</EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}
