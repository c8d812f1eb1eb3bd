import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { Dialog } from '../../components/ui/dialog';
import { OFFLINE_TEXT } from '../../lib/error-text';
import { TextField } from '../../components/ui/field';
import { postPasswordReset } from './api';

/**
 * The partner login's 'Glömt lösenordet?' dialog (spec 001 §2, §5, §8): the e-mail, prefilled from the login
 * field each time it opens, must be non-empty after trimming ('Vänligen ange din e-postadress'); POST
 * /api/auth/reset-password; success 'E-post skickat!' and the dialog closes, failure 'Fel uppstod' with the
 * server's message or 'Kunde inte skicka återställnings-e-post. Försök igen.'
 */
export function ForgotPasswordDialog({ open, initialEmail, onClose }: { open: boolean; initialEmail: string; onClose: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const reset = useMutation({ mutationFn: postPasswordReset });

  useEffect(() => {
    if (!open) return;
    setEmail(initialEmail);
    setError(undefined);
  }, [open, initialEmail]);

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (reset.isPending) return;
    const value = email.trim();
    if (!value) {
      setError(M.forgotEmailRequired);
      inputRef.current?.focus();
      return;
    }
    reset.mutate(
      { email: value },
      {
        onSuccess: (result) => {
          toast.success(M.resetSentTitle, {
            description: result?.message || 'Om adressen har ett konto får du en länk för att välja ett nytt lösenord.',
          });
          onClose();
        },
        onError: (err) => {
          const description = isNetworkError(err) ? OFFLINE_TEXT : (err instanceof ApiError && err.serverMessage) || M.resetFailed;
          toast.error(M.resetFailedTitle, { description });
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title="Glömt lösenordet?">
      <form onSubmit={handleSubmit} noValidate className="grid gap-5">
        <p className="text-ink-soft">Ange e-postadressen till ditt partnerkonto så skickar vi instruktioner för att välja ett nytt lösenord.</p>
        <TextField
          label="E-postadress"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={(v) => {
            setEmail(v);
            if (error) setError(undefined);
          }}
          error={error}
          ref={inputRef}
          data-autofocus
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline py-3 sm:py-2" onClick={onClose}>
            Avbryt
          </button>
          <button type="submit" className="btn-primary py-3 sm:py-2" disabled={reset.isPending}>
            Skicka instruktioner
          </button>
        </div>
      </form>
    </Dialog>
  );
}
