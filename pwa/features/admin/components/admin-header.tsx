import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * The masthead of the admin pages (/admin, /admin-new, /admin-debug; docs/spec/001-admin-and-partner.md): the
 * "Vinpressen" link home, the page's `title` as its h1, an optional `badge` after it, and `children` (the signed-in
 * user, sign-out, links) on the right. `narrow` keeps the debug page's 1100px width instead of 1400px.
 */
export function AdminHeader({ title, badge, narrow = false, children }: { title: string; badge?: ReactNode; narrow?: boolean; children: ReactNode }) {
  return (
    <header className="border-b-4 border-double border-ink bg-paper">
      <div className={`mx-auto flex ${narrow ? 'max-w-[1100px]' : 'max-w-[1400px]'} flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6`}>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/" className="font-display text-xl font-black text-wine hover:underline">
            Vinpressen
          </Link>
          <h1 className="font-sans text-lg font-black tracking-[0.2em] uppercase">{title}</h1>
          {badge}
        </div>
        {children}
      </div>
    </header>
  );
}
