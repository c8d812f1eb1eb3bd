import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

// The admin panel's shared building blocks, in the site's newspaper style. Form inputs come from
// ../../auth/form-fields (TextField, PasswordField, labelClass); the classes below cover what those don't
// (selects, textareas, checkboxes).

/** A square input in the site's style, for selects, numbers and textareas beside TextField. */
export const adminInputClass =
  'block w-full border border-ink/70 bg-paper px-3 py-2 font-sans text-base text-ink placeholder:text-muted focus:border-wine focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-wine aria-invalid:border-wine aria-invalid:bg-wine-light/40';

/** A small button for row actions (edit, delete, up/down). */
export const smallButtonClass =
  'inline-flex min-h-9 items-center justify-center gap-1.5 border border-ink/60 bg-paper px-3 py-1.5 font-sans text-xs font-semibold tracking-wide text-ink uppercase hover:bg-ink hover:text-paper disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-paper disabled:hover:text-ink';

/** The destructive variant of smallButtonClass. */
export const dangerButtonClass =
  'inline-flex min-h-9 items-center justify-center gap-1.5 border border-wine bg-paper px-3 py-1.5 font-sans text-xs font-semibold tracking-wide text-wine uppercase hover:bg-wine hover:text-white disabled:cursor-not-allowed disabled:opacity-50';

/** A section heading inside a tab: small caps between newspaper rules. */
export function AdminSectionHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="section-rule mb-5 flex flex-wrap items-center justify-between gap-3 py-2">
      <h2 className="font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">{children}</h2>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A term and its value in a <dl> of small facts (a review's author and date, a partner wine's owner). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-sans text-xs font-semibold tracking-[0.12em] text-muted uppercase">{term}</dt>
      <dd className="mt-0.5 font-sans text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

/** One figure with its label (dashboard, users, newsletter, reviews). */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="border border-rule bg-white/60 p-4">
      <p className="font-sans text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">{label}</p>
      <p className="mt-1 font-display text-3xl font-black text-ink">{value}</p>
      {hint && <p className="mt-1 font-sans text-xs text-muted">{hint}</p>}
    </div>
  );
}

/** The text shown when a list is empty (spec 001 §8 'Empty lists'). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="border border-dashed border-rule px-4 py-10 text-center font-sans text-ink-soft">{children}</p>;
}

/** A list that is loading: an accessible busy placeholder. */
export function LoadingBlock({ label = 'Laddar…' }: { label?: string }) {
  return (
    <div aria-busy="true" className="space-y-3">
      <span className="sr-only">{label}</span>
      <div className="skeleton h-16" />
      <div className="skeleton h-16" />
      <div className="skeleton h-16" />
    </div>
  );
}

/** A failed read, with a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="border border-wine bg-wine-light/40 p-4 font-sans text-sm text-ink">
      <p>{message}</p>
      <button type="button" className={`${smallButtonClass} mt-3`} onClick={onRetry}>
        Försök igen
      </button>
    </div>
  );
}

/**
 * A modal dialog (Headless UI: focus trap, Escape, focus back to the opener) with a title; the body
 * scrolls on small screens. `wide` for forms with two columns.
 */
export function AdminDialog({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-ink/50" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-3 sm:p-6">
        <div className="flex min-h-full items-start justify-center sm:items-center">
          <DialogPanel className={`w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} border border-ink bg-paper p-5 shadow-xl sm:p-7`}>
            <div className="mb-5 flex items-start justify-between gap-4 border-b border-ink pb-3">
              <DialogTitle className="text-2xl font-black">{title}</DialogTitle>
              <button type="button" onClick={onClose} aria-label="Stäng" className="grid size-9 shrink-0 place-items-center text-ink hover:text-wine">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </div>
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * A confirmation (e.g. 'Är du säker på att du vill ta bort "{name}"?', spec 001 §2): the question, a
 * cancel button (focused first, so Enter never destroys by accident) and the destructive `confirmLabel`.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50" role="alertdialog">
      <div className="fixed inset-0 bg-ink/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md border border-ink bg-paper p-6 shadow-xl">
          <DialogTitle className="text-xl font-black">{title}</DialogTitle>
          <div className="mt-3 text-ink-soft">{message}</div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-outline" onClick={onClose} data-autofocus>
              Avbryt
            </button>
            <button type="button" className="btn-primary" onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
