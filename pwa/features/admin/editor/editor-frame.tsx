import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { smallButtonClass } from '../../../components/ui/classes';

// The shared frame of the page editor and the article editor (spec 001 §2 'Page editor', 'Article editor'): the
// full-screen layout with 'Tillbaka', the header with its badge, the builder/HTML toggle and 'Förhandsgranska',
// the loading skeleton and the not-found screen.

/** Where 'Tillbaka' leads: the content tab (this app's /admin/content), on its Artiklar sub-tab for articles. */
export const CONTENT_TAB_URL = '/admin?tab=content';
export const ARTICLES_TAB_URL = '/admin?tab=articles';

/** The editors' two modes; both start in the builder (spec 001 §4). */
export type EditorMode = 'builder' | 'html';

/** Sets the browser tab's title while the editor shows. */
export function useEditorTitle(title: string) {
  useEffect(() => {
    document.title = `${title} – Vinpressen`;
  }, [title]);
}

/** The full-screen page of an editor: the site's name and 'Tillbaka' above, the editor below. */
export function EditorFrame({ backTo, children }: { backTo: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <div className="border-b-4 border-double border-ink bg-paper">
        <div className="mx-auto flex max-w-[1400px] flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to={backTo} className={smallButtonClass}>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              width="14"
              height="14"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M12.5 4.5 7 10l5.5 5.5" />
            </svg>
            Tillbaka
          </Link>
          <Link to="/" className="font-display text-xl font-black text-wine hover:underline">
            Vinpressen
          </Link>
        </div>
      </div>
      <main id="main" className="mx-auto max-w-[1400px] px-4 pt-5 pb-16 sm:px-6">
        {children}
      </main>
    </div>
  );
}

/** A read-only status badge: Aktiv/Inaktiv for pages, Publicerad/Utkast for articles (spec 001 §4). */
export function StatusBadge({ on, onLabel, offLabel }: { on: boolean; onLabel: string; offLabel: string }) {
  return (
    <span
      className={`inline-block shrink-0 px-2 py-0.5 font-sans text-xs font-bold tracking-wide uppercase ${
        on ? 'bg-green text-white' : 'border border-ink/60 text-ink-soft'
      }`}
    >
      {on ? onLabel : offLabel}
    </span>
  );
}

/**
 * The switch between the builder and the HTML editor: two pressed-state buttons in a labelled group, so a screen
 * reader says which mode is on.
 */
export function EditorModeToggle({ mode, onChange, builderLabel }: { mode: EditorMode; onChange: (mode: EditorMode) => void; builderLabel: string }) {
  const options: { id: EditorMode; label: string }[] = [
    { id: 'builder', label: builderLabel },
    { id: 'html', label: 'HTML-redigerare' },
  ];
  return (
    <div role="group" aria-label="Redigeringsläge" className="inline-flex border border-ink">
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          aria-pressed={mode === o.id}
          onClick={() => onChange(o.id)}
          className={`min-h-10 px-3 py-2 font-sans text-xs font-bold tracking-wide uppercase focus-visible:outline-offset-[-3px] ${
            mode === o.id ? 'bg-ink text-paper' : 'bg-paper text-ink hover:bg-paper-dark'
          }`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** 'Förhandsgranska': opens the public page in a new tab, and says so to screen readers. */
export function PreviewLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="btn-outline min-h-10">
      Förhandsgranska
      <span className="sr-only"> (öppnas i en ny flik)</span>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        width="14"
        height="14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M11 4h5v5M16 4l-7 7M14 12v4H4V6h4" />
      </svg>
    </a>
  );
}

/**
 * The editor's header: the heading (a page's display name, or 'Skapa ny artikel' / 'Redigera artikel'), a line
 * under it, the badge, and the actions (the mode toggle and 'Förhandsgranska').
 */
export function EditorHeader({
  heading,
  subheading,
  badge,
  actions,
}: {
  heading: string;
  subheading?: string;
  badge?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-ink pb-4">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-black break-words text-ink sm:text-4xl">{heading}</h1>
          {badge}
        </div>
        {subheading && <p className="mt-1 font-sans text-sm font-semibold tracking-[0.12em] text-ink-soft uppercase">{subheading}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-3">{actions}</div>
    </header>
  );
}

/** The loading skeleton of an editor: the header, the fields and the blocks as grey shapes. */
export function EditorSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <span className="sr-only">{label}</span>
      <div className="mb-6 border-b border-rule pb-4">
        <div className="skeleton h-10 w-64 max-w-full" />
        <div className="skeleton mt-3 h-4 w-48" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <div className="skeleton h-12" />
          <div className="skeleton h-32" />
          <div className="skeleton h-32" />
        </div>
        <div className="skeleton hidden h-80 lg:block" />
      </div>
    </div>
  );
}

/** The editor's screen when its page or article does not exist: the message and the way back. */
export function EditorNotFound({ message, detail, backTo, backLabel }: { message: string; detail: string; backTo: string; backLabel: string }) {
  return (
    <div className="mx-auto max-w-xl border border-rule bg-white/60 px-6 py-12 text-center">
      <h1 className="text-3xl font-black text-ink">{message}</h1>
      <p className="mt-3 text-ink-soft">{detail}</p>
      <Link to={backTo} className="btn-primary mt-6">
        {backLabel}
      </Link>
    </div>
  );
}
