import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { ConfirmDialog } from '../../components/ui/dialog';
import { isNetworkError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useReviseWine } from './api';
import type { DeviceWine } from './device-wines';
import { deleteDraft, duplicateDraft, StorageFullError } from './outbox/outbox';
import { requestOutboxPush } from './outbox/runtime';
import type { CopiedState } from './wine-form';

/** What a wine in review or reviewed says beside its buttons. */
const STATUS_NOTES = {
  pending: M.notEditable,
  approved: 'Vinet är publicerat på Vinpressen.',
  rejected: 'Öppna vinet för att ändra det och skicka in det igen.',
} as const;

/** The toast of a failed device write (a full disk says so; README 'Offline drafts'). */
function deviceWriteFailed(title: string, err: unknown) {
  toast.error(title, {
    description: err instanceof StorageFullError ? err.message : err instanceof Error ? err.message : M.saveFailed,
  });
}

/**
 * The buttons of a partner's wine card (spec 001 §2 'Mina viner': 'Redigera' and 'Skicka in' for drafts only), and
 * what the rest of a wine's life needs (README 'Partner portal' → 'Wines'):
 * - 'Ta bort' (drafts only): asks first, then deletes through the outbox, so it works offline;
 * - 'Kopiera' (every wine): a new draft with the same values, opened in the form to change what differs;
 * - 'Ändra och skicka in igen' (rejected wines): opens the wine again as a draft (POST …/revise, online only) and
 *   goes to the form, which keeps showing the reason until it is sent in again.
 */
export function WineCardActions({ wine }: { wine: DeviceWine }) {
  const navigate = useNavigate();
  const revise = useReviseWine();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const userId = wine.draft.userId;
  const label = (verb: string) => `${verb} ${wine.name}`;

  async function handleDuplicate() {
    setBusy(true);
    try {
      const copy = await duplicateDraft(userId, wine.id);
      requestOutboxPush();
      // The form says it is a copy (a toast would cover its buttons on a phone).
      navigate(`/partner/wines/edit/${copy.id}`, { state: { copiedFrom: wine.name } satisfies CopiedState });
    } catch (err) {
      deviceWriteFailed('Kunde inte kopiera vinet', err);
    } finally {
      setBusy(false);
    }
  }

  async function handleDelete() {
    setBusy(true);
    try {
      await deleteDraft(userId, wine.id);
      requestOutboxPush();
      setConfirming(false);
      if (navigator.onLine) toast.success('Utkastet är borttaget');
      else toast.success('Utkastet är borttaget', { description: 'Borttagningen skickas till Vinpressen när du är online igen.' });
    } catch (err) {
      deviceWriteFailed('Kunde inte ta bort utkastet', err);
    } finally {
      setBusy(false);
    }
  }

  async function handleRevise() {
    try {
      await revise.mutateAsync(wine.id);
      navigate(`/partner/wines/edit/${wine.id}`);
    } catch (err) {
      toast.error('Kunde inte öppna vinet', {
        description: isNetworkError(err)
          ? 'Du är offline. Ett avvisat vin öppnas för ändring när du är online.'
          : err instanceof Error
            ? err.message
            : M.saveFailed,
      });
    }
  }

  const copyButton = (
    <button type="button" className="btn-outline" disabled={busy} onClick={() => void handleDuplicate()} aria-label={label('Kopiera')}>
      Kopiera
    </button>
  );

  if (wine.approvalStatus !== 'draft') {
    return (
      <div className="mt-auto pt-4">
        <p className="font-sans text-sm text-muted">
          {STATUS_NOTES[wine.approvalStatus]}
          {wine.approvalStatus === 'approved' && (
            <>
              {' '}
              <Link to={`/wine/${wine.id}`} className="font-semibold text-wine underline underline-offset-2">
                Visa vinet
              </Link>
            </>
          )}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {wine.approvalStatus === 'rejected' && (
            <button type="button" className="btn-primary" disabled={revise.isPending} onClick={() => void handleRevise()}>
              Ändra och skicka in igen
              <span className="sr-only"> {wine.name}</span>
            </button>
          )}
          {copyButton}
        </div>
      </div>
    );
  }

  return (
    <div className="mt-auto pt-4">
      <div className="flex flex-wrap gap-2">
        <Link to={`/partner/wines/edit/${wine.id}`} className="btn-outline" aria-label={label('Redigera')}>
          Redigera
        </Link>
        <Link to={`/partner/wines/${wine.id}/submit`} className="btn-primary" aria-label={label('Skicka in')}>
          Skicka in
        </Link>
        {copyButton}
        <button type="button" className="btn-outline" disabled={busy} onClick={() => setConfirming(true)} aria-label={label('Ta bort')}>
          Ta bort
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Ta bort utkastet?"
        message={
          <p className="font-sans text-sm">
            Är du säker på att du vill ta bort ”{wine.name}”? Utkastet tas bort för gott, också hos Vinpressen. Det går inte att ångra.
          </p>
        }
        confirmLabel="Ta bort utkastet"
        busy={busy}
        onConfirm={() => void handleDelete()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
