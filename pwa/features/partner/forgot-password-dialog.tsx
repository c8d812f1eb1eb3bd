import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { ResetPasswordBody } from '../../../api/contract/auth';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { Dialog } from '../../components/ui/dialog';
import { OFFLINE_TEXT } from '../../lib/error-text';
import { filledEmail } from '../../lib/forms';
import { TextField } from '../../components/ui/field';
import { postPasswordReset } from './api';

/** The dialog's form: ResetPasswordBody with an e-mail that must be there ('Vänligen ange din e-postadress'). */
const ForgotFormSchema = ResetPasswordBody.extend({ email: filledEmail(M.forgotEmailRequired) });
type ForgotValues = z.input<typeof ForgotFormSchema>;

/**
 * The partner login's 'Glömt lösenordet?' dialog (spec 001 §2, §5, §8): the e-mail, prefilled from the login
 * field each time it opens, must be non-empty after trimming ('Vänligen ange din e-postadress'); POST
 * /api/auth/reset-password; success 'E-post skickat!' and the dialog closes, failure 'Fel uppstod' with the
 * server's message or 'Kunde inte skicka återställnings-e-post. Försök igen.'
 */
export function ForgotPasswordDialog({ open, initialEmail, onClose }: { open: boolean; initialEmail: string; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    reset: resetForm,
    formState: { errors },
  } = useForm<ForgotValues>({ resolver: zodResolver(ForgotFormSchema), defaultValues: { email: initialEmail } });
  const reset = useMutation({ mutationFn: postPasswordReset });

  useEffect(() => {
    if (open) resetForm({ email: initialEmail });
  }, [open, initialEmail, resetForm]);

  const onSubmit = handleSubmit(({ email }) => {
    if (reset.isPending) return;
    reset.mutate(
      { email },
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
  });

  return (
    <Dialog open={open} onClose={onClose} title="Glömt lösenordet?">
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <p className="text-ink-soft">Ange e-postadressen till ditt partnerkonto så skickar vi instruktioner för att välja ett nytt lösenord.</p>
        <TextField label="E-postadress" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} data-autofocus />
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
