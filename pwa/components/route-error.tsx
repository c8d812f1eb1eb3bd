import type { FallbackProps } from 'react-error-boundary';
import { Link } from 'react-router-dom';

/** Shown when a screen fails to load or render (e.g. its code is not reachable offline). */
export function RouteError({ resetErrorBoundary }: FallbackProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Något gick fel</h1>
      <p className="mt-4 text-ink-soft">Sidan kunde inte visas. Kontrollera din anslutning och försök igen.</p>
      <div className="mt-8 flex justify-center gap-4">
        <button type="button" className="btn-primary" onClick={() => (navigator.onLine ? window.location.reload() : resetErrorBoundary())}>
          Försök igen
        </button>
        <Link to="/" className="btn-outline">
          Till startsidan
        </Link>
      </div>
    </div>
  );
}
