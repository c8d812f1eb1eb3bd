import { Dialog as HeadlessDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

// The site's modal dialogs on Headless UI (focus trap, Escape, focus back to the opener).

/**
 * A modal dialog (Headless UI: focus trap, Escape, focus back to the opener) with a title; the body
 * scrolls on small screens. `wide` for forms with two columns.
 */
export function Dialog({
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
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
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
    </HeadlessDialog>
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
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50" role="alertdialog">
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
    </HeadlessDialog>
  );
}
