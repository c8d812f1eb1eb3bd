import { useState } from 'react';
import { APPROVAL_STATUS_LABELS } from '../../../../api/contract/constants';
import { EXPERT_MESSAGES, type AdminExpert, type AdminExpertReview } from '../../../../api/contract/experts';
import { ExpertAvatar } from '../../../components/wine/expert-avatar';
import { formatPrice } from '../../../lib/wine-format';
import { Dialog, ConfirmDialog } from '../../../components/ui/dialog';
import { SectionHeading } from '../../../components/ui/blocks';
import { QueryState } from '../../../components/ui/states';
import { inputClass } from '../../../components/ui/classes';
import { Pager } from '../wines/pager';
import { labelClass } from '../../../components/ui/field';
import { EXPERT_REVIEW_PAGE, useDeleteExpert, useDeleteExpertReview, useExpertReviewPage, useExperts } from './api';
import { ExpertForm } from './expert-form';
import { ExpertReviewForm } from './expert-review-form';
import { EditDeleteButtons } from '../components/edit-delete-buttons';

type Editing<T> = { mode: 'create' } | { mode: 'edit'; item: T } | null;

const count = new Intl.NumberFormat('sv-SE');
const reviewCountText = (n: number) => (n === 0 ? 'Inga recensioner' : `${count.format(n)} ${n === 1 ? 'recension' : 'recensioner'}`);

/**
 * The experts admin (a new admin section, the spec has none), the 'Experter' sub-tab of Recensioner: the
 * experts (picture or the initials avatar the wine page draws, name, title, number of reviews) with create/edit in a
 * dialog and delete after a confirmation, and under them the expert reviews (wine, expert, rating, shown or not),
 * filterable by expert, with create/edit/delete. Every change also refreshes the wine pages' expert reviews.
 */
export function ExpertsPanel() {
  const experts = useExperts();
  const [editingExpert, setEditingExpert] = useState<Editing<AdminExpert>>(null);
  const [deletingExpert, setDeletingExpert] = useState<AdminExpert | null>(null);
  const [expertFilter, setExpertFilter] = useState('');
  const removeExpert = useDeleteExpert();
  const list = experts.data?.items ?? [];

  function handleDeleteExpert() {
    if (!deletingExpert) return;
    // An expert with reviews cannot be deleted: the dialog offers their reviews instead.
    if (deletingExpert.reviewCount > 0) {
      setExpertFilter(deletingExpert.id);
      setDeletingExpert(null);
      // After the dialog has handed the focus back to its opener: on to the filtered list's filter.
      window.setTimeout(() => {
        document.getElementById('expert-review-filter')?.focus({ preventScroll: true });
        document.getElementById('expert-reviews-heading')?.scrollIntoView({ block: 'start' });
      }, 50);
      return;
    }
    removeExpert.mutate(deletingExpert, { onSettled: () => setDeletingExpert(null) });
  }

  const closeExpertForm = () => setEditingExpert(null);

  return (
    <div className="space-y-12">
      <section aria-labelledby="experts-heading">
        <SectionHeading
          actions={
            <button type="button" className="btn-primary" onClick={() => setEditingExpert({ mode: 'create' })}>
              Ny expert
            </button>
          }
        >
          <span id="experts-heading">Experter</span>
        </SectionHeading>
        <p className="mb-6 max-w-3xl font-sans text-sm text-ink-soft">
          Experternas recensioner visas på vinsidorna under VINEXPERTERS RECENSIONER. En expert utan bild visas med sina initialer.
        </p>

        <QueryState
          query={experts}
          loadingLabel="Laddar experterna…"
          errorMessage="Kunde inte ladda experterna."
          isEmpty={() => list.length === 0}
          empty="Inga experter ännu. Lägg till den första med Ny expert."
        >
          {() => (
            <ul aria-label="Experter" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((expert) => (
                <li key={expert.id} className="flex flex-col border border-rule bg-white/60 p-4">
                  <div className="flex items-center gap-3">
                    <ExpertAvatar name={expert.name} imageUrl={expert.imageUrl} />
                    <div className="min-w-0">
                      <h3 className="text-lg leading-tight font-bold break-words">{expert.name}</h3>
                      {expert.title && <p className="font-sans text-sm break-words text-ink-soft">{expert.title}</p>}
                      <p className="mt-0.5 font-sans text-xs text-muted">{reviewCountText(expert.reviewCount)}</p>
                    </div>
                  </div>
                  <div className="mt-4 flex flex-wrap gap-2 border-t border-rule pt-3">
                    <EditDeleteButtons
                      name={expert.name}
                      onEdit={() => setEditingExpert({ mode: 'edit', item: expert })}
                      onDelete={() => setDeletingExpert(expert)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>

      {experts.isSuccess && <ExpertReviews experts={list} expertFilter={expertFilter} onExpertFilterChange={setExpertFilter} />}

      <Dialog open={editingExpert !== null} onClose={closeExpertForm} title={editingExpert?.mode === 'edit' ? 'Redigera expert' : 'Ny expert'}>
        {editingExpert && (
          <ExpertForm
            key={editingExpert.mode === 'edit' ? editingExpert.item.id : 'new'}
            expert={editingExpert.mode === 'edit' ? editingExpert.item : null}
            onDone={closeExpertForm}
            onCancel={closeExpertForm}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={deletingExpert !== null}
        title={deletingExpert && deletingExpert.reviewCount > 0 ? 'Experten kan inte tas bort' : 'Ta bort expert'}
        message={
          !deletingExpert
            ? ''
            : deletingExpert.reviewCount > 0
              ? EXPERT_MESSAGES.hasReviews(deletingExpert.reviewCount)
              : `Är du säker på att du vill ta bort "${deletingExpert.name}"?`
        }
        confirmLabel={deletingExpert && deletingExpert.reviewCount > 0 ? 'Visa recensionerna' : 'Ta bort'}
        busy={removeExpert.isPending}
        onConfirm={handleDeleteExpert}
        onClose={() => setDeletingExpert(null)}
      />
    </div>
  );
}

/** The expert reviews, newest first, a page at a time, optionally one expert's; with create/edit/delete. */
function ExpertReviews({
  experts,
  expertFilter,
  onExpertFilterChange,
}: {
  experts: readonly AdminExpert[];
  expertFilter: string;
  onExpertFilterChange: (expertId: string) => void;
}) {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing<AdminExpertReview>>(null);
  const [deleting, setDeleting] = useState<AdminExpertReview | null>(null);
  const reviews = useExpertReviewPage(offset, expertFilter || undefined);
  const remove = useDeleteExpertReview();
  const filteredExpert = experts.find((e) => e.id === expertFilter);

  function handleFilter(expertId: string) {
    onExpertFilterChange(expertId);
    setOffset(0);
  }

  function handleDelete() {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSettled: () => setDeleting(null),
      // The last review of the last page gone: show the page before.
      onSuccess: () => reviews.data && reviews.data.items.length === 1 && offset > 0 && setOffset(Math.max(0, offset - EXPERT_REVIEW_PAGE)),
    });
  }

  const close = () => setEditing(null);
  const page = reviews.data;

  return (
    <section aria-labelledby="expert-reviews-heading">
      <SectionHeading
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing({ mode: 'create' })} disabled={experts.length === 0}>
            Ny expertrecension
          </button>
        }
      >
        <span id="expert-reviews-heading">Expertrecensioner</span>
      </SectionHeading>

      <div className="mb-5 flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="w-full sm:w-72">
          <label htmlFor="expert-review-filter" className={labelClass}>
            Visa recensioner av
          </label>
          <select id="expert-review-filter" value={expertFilter} onChange={(e) => handleFilter(e.target.value)} className={`${inputClass} mt-1.5`}>
            <option value="">Alla experter</option>
            {experts.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </div>
        {page && (
          <p role="status" className="pb-2 font-sans text-sm text-ink-soft">
            {page.total === 0
              ? 'Inga recensioner'
              : page.items.length === page.total
                ? reviewCountText(page.total)
                : `Visar ${count.format(page.offset + 1)}–${count.format(page.offset + page.items.length)} av ${count.format(page.total)} recensioner`}
          </p>
        )}
      </div>

      {experts.length === 0 && (
        <p className="mb-4 font-sans text-sm text-ink-soft">Lägg till en expert först: varje recension har en expert som avsändare.</p>
      )}

      <QueryState
        query={reviews}
        loadingLabel="Laddar expertrecensionerna…"
        errorMessage="Kunde inte ladda expertrecensionerna."
        isEmpty={(data) => data.items.length === 0}
        empty={filteredExpert ? `${filteredExpert.name} har inga recensioner.` : 'Inga expertrecensioner ännu.'}
      >
        {(data) => (
          <ul aria-label="Expertrecensioner" className="divide-y divide-rule border-y border-rule">
            {data.items.map((review) => (
              <ReviewRow
                key={review.id}
                review={review}
                onEdit={() => setEditing({ mode: 'edit', item: review })}
                onDelete={() => setDeleting(review)}
              />
            ))}
          </ul>
        )}
      </QueryState>
      {page && (
        <Pager
          offset={page.offset}
          limit={page.limit}
          total={page.total}
          busy={reviews.isFetching}
          label="Sidor i expertrecensionerna"
          onOffsetChange={setOffset}
        />
      )}

      <Dialog open={editing !== null} onClose={close} title={editing?.mode === 'edit' ? 'Redigera expertrecension' : 'Ny expertrecension'} wide>
        {editing && (
          <ExpertReviewForm
            key={editing.mode === 'edit' ? editing.item.id : 'new'}
            review={editing.mode === 'edit' ? editing.item : null}
            experts={experts}
            expertId={expertFilter || undefined}
            onDone={close}
            onCancel={close}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Ta bort expertrecension"
        message={deleting ? `Är du säker på att du vill ta bort recensionen av "${deleting.wine.name}" (${deleting.expert.name})?` : ''}
        confirmLabel="Ta bort"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

const badgeClass = 'inline-block border px-1.5 py-0.5 font-sans text-[0.7rem] font-bold tracking-wider uppercase';

/** One expert review in the list: wine (and its status when unpublished), expert, title, rating, badges, actions. */
function ReviewRow({ review, onEdit, onDelete }: { review: AdminExpertReview; onEdit: () => void; onDelete: () => void }) {
  const wineName = review.wine.vintage ? `${review.wine.name} ${review.wine.vintage}` : review.wine.name;
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-6">
      <div className="min-w-0">
        <h3 className="text-lg leading-tight font-bold break-words">{wineName}</h3>
        <p className="mt-0.5 font-sans text-sm text-ink-soft">
          {review.expert.name} · {formatPrice(review.wine.price)}
        </p>
        <p className="mt-1 font-serif text-base break-words text-ink">”{review.title}”</p>
        <p className="mt-2 flex flex-wrap items-center gap-2">
          <span className="font-display text-lg font-bold text-wine">
            <span className="sr-only">Betyg: </span>
            {review.rating}/5
          </span>
          {review.isFeatured ? (
            <span className={`${badgeClass} border-green text-green`}>Visas på vinsidan</span>
          ) : (
            <span className={`${badgeClass} border-ink-soft text-ink-soft`}>Dold</span>
          )}
          {review.isFynd && <span className={`${badgeClass} border-gold bg-gold/15 text-ink`}>Fynd</span>}
          {review.wine.approvalStatus !== 'approved' && (
            <span className={`${badgeClass} border-wine text-wine`}>Vinet: {APPROVAL_STATUS_LABELS[review.wine.approvalStatus].toLowerCase()}</span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <EditDeleteButtons name={`recensionen av ${review.wine.name} (${review.expert.name})`} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}
