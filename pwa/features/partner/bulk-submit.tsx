import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { BulkSubmitResult } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { ApiError, apiRequest, isNetworkError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { PARTNER_WINES_KEY } from './api';

// Mina viner's 'Skicka in markerade' (README.md 'Partner portal' → 'Wines'): the marked drafts sent for review in one
// call, each judged by the server exactly as the single submit judges it.

/** POST /api/partner/wines/bulk-submit {ids} → which were submitted and why the others were not. */
export function postBulkSubmit(ids: readonly string[]): Promise<BulkSubmitResult> {
  return apiRequest<BulkSubmitResult>('POST', '/api/partner/wines/bulk-submit', { ids });
}

/**
 * The bar over Mina viner's cards: 'Markera alla' (the drafts shown that can be sent), the number marked and 'Skicka
 * in markerade', which first asks for a confirmation ('Ja, skicka in nu', as the single submit does: spec 001 §4),
 * then sends them. The answer is shown under the bar: the wines sent and each one not sent with its reason; the
 * list is read again, so the sent wines turn 'Väntar'.
 * @param selectable the ids of the drafts shown that may be marked (canBulkSubmit)
 * @param selected the marked ids; `onSelectedChange` sets them
 */
export function BulkSubmitBar({
  selectable,
  selected,
  onSelectedChange,
}: {
  selectable: readonly string[];
  selected: ReadonlySet<string>;
  onSelectedChange: (ids: Set<string>) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<BulkSubmitResult | null>(null);
  const marked = selectable.filter((w) => selected.has(w));
  const allMarked = selectable.length > 0 && marked.length === selectable.length;

  const submit = useMutation({
    mutationFn: postBulkSubmit,
    onSuccess: (answer) => {
      setResult(answer);
      setConfirming(false);
      onSelectedChange(new Set());
      const text = M.bulkSubmitDone(answer.submittedCount, answer.refusedCount);
      if (answer.refusedCount > 0) toast.warning(text, { id: 'bulk-submit' });
      else toast.success(text, { id: 'bulk-submit' });
      void queryClient.invalidateQueries({ queryKey: PARTNER_WINES_KEY });
    },
    onError: (err) => {
      setConfirming(false);
      const description = isNetworkError(err)
        ? 'Du är offline. Skicka in när du har anslutning igen.'
        : err instanceof ApiError && err.serverMessage
          ? err.serverMessage
          : M.submitFailed;
      toast.error(M.submitFailedTitle, { id: 'bulk-submit-failed', description });
    },
  });

  if (selectable.length === 0 && !result) return null;
  return (
    <div className="mb-4">
      {selectable.length > 0 && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border border-rule bg-white/60 px-3 py-2">
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2.5 font-sans text-sm font-semibold text-ink">
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-wine focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine"
              checked={allMarked}
              ref={(el) => {
                if (el) el.indeterminate = marked.length > 0 && !allMarked;
              }}
              onChange={(e) => onSelectedChange(new Set(e.target.checked ? selectable : []))}
            />
            Markera alla ({selectable.length})
          </label>
          <span className="font-sans text-sm text-ink-soft" aria-live="polite">
            {marked.length} markerade
          </span>
          <button
            type="button"
            className="btn-primary ml-auto disabled:cursor-not-allowed disabled:opacity-50"
            disabled={marked.length === 0 || submit.isPending}
            onClick={() => setConfirming(true)}
          >
            Skicka in markerade
          </button>
        </div>
      )}
      {confirming && marked.length > 0 && (
        <div
          role="alertdialog"
          aria-labelledby={`${id}-confirm`}
          className="mt-2 border-l-4 border-wine bg-wine-light/50 px-3 py-3 font-sans text-sm"
        >
          <p id={`${id}-confirm`} className="text-ink">
            Skicka in {marked.length === 1 ? 'ett vin' : `${marked.length} viner`} för granskning? Vinerna kan inte ändras medan de granskas.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-primary" disabled={submit.isPending} onClick={() => submit.mutate(marked)}>
              {submit.isPending ? 'Skickar…' : 'Ja, skicka in nu'}
            </button>
            <button type="button" className="btn-outline" disabled={submit.isPending} onClick={() => setConfirming(false)}>
              Avbryt
            </button>
          </div>
        </div>
      )}
      {result && <BulkSubmitResultPanel result={result} onClose={() => setResult(null)} />}
    </div>
  );
}

/** What a bulk submit gave: the count, the wines sent and each wine not sent with the server's reason. */
function BulkSubmitResultPanel({ result, onClose }: { result: BulkSubmitResult; onClose: () => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-2 border border-ink/40 bg-white/60 p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 id={`${id}-heading`} className="font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">
          Inskickning
        </h3>
        <button type="button" className="font-sans text-sm font-semibold text-wine underline underline-offset-2" onClick={onClose}>
          Stäng
        </button>
      </div>
      <p role="status" className="mt-1 font-sans text-base text-ink">
        {M.bulkSubmitDone(result.submittedCount, result.refusedCount)}
      </p>
      {result.submitted.length > 0 && (
        <ul aria-label="Inskickade viner" className="mt-2 space-y-1 font-sans text-sm text-ink">
          {result.submitted.map((w) => (
            <li key={w.id}>
              {w.name} <span className="text-ink-soft">– {M.submitted}</span>
            </li>
          ))}
        </ul>
      )}
      {result.refused.length > 0 && (
        <ul aria-label="Viner som inte skickades in" className="mt-2 divide-y divide-rule font-sans text-sm">
          {result.refused.map((w) => (
            <li key={w.id} className="py-1.5">
              <p className="font-semibold text-ink">{w.name ?? 'Okänt vin'}</p>
              <p className="text-wine">{w.error}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
