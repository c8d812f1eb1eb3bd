import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

// The public site's dialog in the newspaper look (the login/register dialog, the review dialog): a sheet from the
// bottom on a phone, a centred card from 640 px, a double rule on top. The admin and partner screens use dialog.tsx.

const PANEL_WIDTH = { md: 'max-w-md', xl: 'max-w-xl' } as const;

/**
 * The frame: backdrop, scroll container and panel (Headless UI Dialog, so focus is trapped and Escape closes).
 * `width` is the panel's max width on wide screens: 'md' 28 rem, 'xl' 36 rem.
 */
export function PaperDialog({
  open,
  onClose,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: keyof typeof PANEL_WIDTH;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-ink/60 transition-opacity duration-200 ease-out data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center sm:items-center sm:p-6">
          <DialogPanel
            transition
            className={`w-full ${PANEL_WIDTH[width]} border-t-4 border-double border-ink bg-paper shadow-2xl transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 motion-reduce:transition-none sm:border-x sm:border-b sm:border-x-ink/20 sm:border-b-ink/20`}
          >
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** The dialog's head: a small-caps kicker, the title (the dialog's accessible name), a lede, and 'Stäng'. */
export function PaperDialogHeader({ kicker, title, lede, onClose }: { kicker: string; title: ReactNode; lede: ReactNode; onClose: () => void }) {
  return (
    <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-7 sm:pt-6">
      <div className="min-w-0">
        <p className="font-sans text-xs font-bold tracking-[0.2em] text-wine uppercase">{kicker}</p>
        <DialogTitle className="mt-1 text-3xl leading-tight font-black break-words text-ink">{title}</DialogTitle>
        <p className="mt-2 leading-snug text-ink-soft">{lede}</p>
      </div>
      <button
        type="button"
        aria-label="Stäng"
        onClick={onClose}
        className="-mt-1 -mr-2 grid size-11 shrink-0 place-items-center text-ink hover:text-wine"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}
