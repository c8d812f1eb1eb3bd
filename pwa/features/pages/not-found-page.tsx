import { useEffect } from 'react';
import { Link } from 'react-router-dom';

/** Any unknown path (spec 000 §2 'Routing overview': the 404 page's text is in English). */
export function NotFoundPage() {
  useEffect(() => {
    document.title = '404 – Page not found';
  }, []);

  return (
    // lang="en": the rest of the site is Swedish, so screen readers must switch voice here.
    <div lang="en" className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Vinpressen</p>
      <h1 className="mt-3 text-3xl font-black text-ink sm:text-4xl">404 – Page not found</h1>
      <p className="mt-4 text-lg text-ink-soft">The page you are looking for does not exist.</p>
      <Link to="/" className="btn-primary mt-8">
        Back to the start page
      </Link>
    </div>
  );
}
