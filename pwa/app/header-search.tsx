import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * The masthead's search box ('Sök vin', on every public page): a new search of the whole catalogue, /viner?q=…
 * (pwa/features/catalogue/; its own search field refines a search and keeps the filters). Plain React and the
 * router only, and as few bytes as possible: it is part of the start page's first load (≤ 150 KB, README 'Checks').
 */
export function HeaderSearch({ className }: { className: string }) {
  const navigate = useNavigate();

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q')).trim();
    navigate(q ? `/viner?${new URLSearchParams({ q })}` : '/viner');
  }

  return (
    <form role="search" onSubmit={handleSubmit} className={`flex border border-ink/70 bg-paper focus-within:border-wine ${className}`}>
      <input
        name="q"
        type="search"
        aria-label="Sök vin"
        placeholder="Sök bland alla viner"
        maxLength={200}
        enterKeyHint="search"
        className="min-w-0 flex-1 bg-transparent px-3 py-2 font-sans text-base text-ink placeholder:text-muted md:text-sm"
      />
      <button type="submit" aria-label="Sök" className="grid size-10 shrink-0 place-items-center text-ink hover:text-wine">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="m20 20-4.8-4.8" />
        </svg>
      </button>
    </form>
  );
}
