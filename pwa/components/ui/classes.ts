// Class names of the site's shared controls, in the newspaper style. Text and password inputs are
// TextField / PasswordField in ./fields; these cover what those don't (selects, textareas, checkboxes,
// row buttons).

/** A square input in the site's style, for selects, numbers and textareas beside TextField. */
export const inputClass =
  'block w-full border border-ink/70 bg-paper px-3 py-2 font-sans text-base text-ink placeholder:text-muted focus:border-wine focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-wine aria-invalid:border-wine aria-invalid:bg-wine-light/40';

/** A small button for row actions (edit, delete, up/down). */
export const smallButtonClass =
  'inline-flex min-h-9 items-center justify-center gap-1.5 border border-ink/60 bg-paper px-3 py-1.5 font-sans text-xs font-semibold tracking-wide text-ink uppercase hover:bg-ink hover:text-paper disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-paper disabled:hover:text-ink';

/** The destructive variant of smallButtonClass. */
export const dangerButtonClass =
  'inline-flex min-h-9 items-center justify-center gap-1.5 border border-wine bg-paper px-3 py-1.5 font-sans text-xs font-semibold tracking-wide text-wine uppercase hover:bg-wine hover:text-white disabled:cursor-not-allowed disabled:opacity-50';
