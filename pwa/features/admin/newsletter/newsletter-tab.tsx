import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminSubscriber, AdminSubscriberStats } from '../../../../api/contract/admin-newsletter';
import { errorText } from '../api/admin-query';
import { SectionHeading, StatCard } from '../../../components/ui/blocks';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/states';
import { dangerButtonClass } from '../../../components/ui/classes';
import { useDebouncedValue } from '../users/use-debounced-value';
import { exportUrl, hasFilters, subscriberCount, subscribersQueryOptions, useBulkDeleteSubscribers, useDeleteSubscriber } from './api';
import { GdprNotice } from './gdpr-notice';
import { SubscriberTable } from './subscriber-table';
import { SearchField } from '../components/search-field';

/**
 * The admin panel's Newsletter tab 'NYHETSBREVHANTERING' (spec 001 §2 'Newsletter tab', GDPR): the four
 * counters (Totalt, GDPR-samtycke, Med telefon, Aktiva), a search on e-mail or phone and 'Endast
 * GDPR-samtycke' (they combine), the table with select-all and per-row checkboxes, delete per row and of the
 * selected (both confirmed; real erasure), 'Exportera CSV' of the current filters and the GDPR text.
 * Empty: 'Inga prenumeranter matchar filtren.' when a filter is set, else 'Inga prenumeranter ännu.'.
 */
export function NewsletterTab() {
  const headingId = useId();
  const gdprId = useId();
  const [search, setSearch] = useState('');
  const [gdprOnly, setGdprOnly] = useState(false);
  const q = useDebouncedValue(search);
  const filters = { q, gdprOnly };
  const list = useQuery(subscribersQueryOptions(filters));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<AdminSubscriber | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);

  const forget = (ids: readonly string[]) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) next.delete(id);
      return next;
    });
  const remove = useDeleteSubscriber((id) => {
    forget([id]);
    setToDelete(null);
  });
  const bulkRemove = useBulkDeleteSubscribers((ids) => {
    forget(ids);
    setConfirmBulk(false);
  });

  const items = list.data?.items ?? [];
  // Only rows on screen can be deleted: a selection hidden by a filter is never erased unseen.
  const selectedIds = items.filter((s) => selected.has(s.id)).map((s) => s.id);

  function handleToggle(id: string, checked: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function handleToggleAll(checked: boolean) {
    setSelected(checked ? new Set(items.map((s) => s.id)) : new Set());
  }

  return (
    <section aria-labelledby={headingId}>
      <SectionHeading
        actions={
          <a href={exportUrl(filters)} download className="btn-outline">
            <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
              <path d="M9 3h2v7.6l2.8-2.8 1.4 1.4L10 14.4 4.8 9.2l1.4-1.4L9 10.6V3Zm-5 13h12v2H4v-2Z" />
            </svg>
            Exportera CSV
          </a>
        }
      >
        <span id={headingId}>NYHETSBREVHANTERING</span>
      </SectionHeading>

      {list.data && <SubscriberStats stats={list.data.stats} />}

      <div className="mb-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end" role="search" aria-label="Filtrera prenumeranter">
        <SearchField label="Sök prenumerant" value={search} onChange={setSearch} placeholder="E-post eller telefon" />
        <div className="flex min-h-11 items-center gap-2.5">
          <input id={gdprId} type="checkbox" checked={gdprOnly} onChange={(e) => setGdprOnly(e.target.checked)} className="size-5 accent-wine" />
          <label htmlFor={gdprId} className="font-sans text-base text-ink">
            Endast GDPR-samtycke
          </label>
        </div>
      </div>

      <QueryState
        query={list}
        loadingLabel="Laddar prenumeranter…"
        errorMessage={errorText(list.error, 'Kunde inte hämta prenumeranterna.')}
        isEmpty={(data) => data.items.length === 0}
        empty={hasFilters(filters) ? 'Inga prenumeranter matchar filtren.' : 'Inga prenumeranter ännu.'}
      >
        {(data) => (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <p className="font-sans text-sm text-ink-soft" aria-live="polite">
                Visar {data.items.length} av {subscriberCount(data.total)}
                {selectedIds.length > 0 && ` · ${selectedIds.length} ${selectedIds.length === 1 ? 'markerad' : 'markerade'}`}
              </p>
              <button type="button" className={dangerButtonClass} disabled={selectedIds.length === 0} onClick={() => setConfirmBulk(true)}>
                Ta bort markerade ({selectedIds.length})
              </button>
            </div>
            <SubscriberTable
              items={data.items}
              selected={selected}
              dimmed={list.isPlaceholderData}
              onToggle={handleToggle}
              onToggleAll={handleToggleAll}
              onDelete={setToDelete}
            />
          </>
        )}
      </QueryState>

      <GdprNotice />

      <ConfirmDialog
        open={toDelete !== null}
        title="Ta bort prenumerant"
        message={
          toDelete && (
            <>
              <p className="break-words">Är du säker på att du vill ta bort &quot;{toDelete.email}&quot;?</p>
              <p className="mt-2 text-sm">Uppgifterna raderas permanent och kan inte återställas.</p>
            </>
          )
        }
        confirmLabel="Ta bort"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
        onClose={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={confirmBulk}
        title="Ta bort markerade"
        message={
          <>
            <p>Är du säker på att du vill ta bort {subscriberCount(selectedIds.length)}?</p>
            <p className="mt-2 text-sm">Uppgifterna raderas permanent och kan inte återställas.</p>
          </>
        }
        confirmLabel={`Ta bort ${subscriberCount(selectedIds.length)}`}
        busy={bulkRemove.isPending}
        onConfirm={() => selectedIds.length && bulkRemove.mutate(selectedIds)}
        onClose={() => setConfirmBulk(false)}
      />
    </section>
  );
}

function SubscriberStats({ stats }: { stats: AdminSubscriberStats }) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Totalt" value={stats.total} />
      <StatCard label="GDPR-samtycke" value={stats.gdprConsent} />
      <StatCard label="Med telefon" value={stats.withPhone} />
      <StatCard label="Aktiva" value={stats.active} />
    </div>
  );
}
