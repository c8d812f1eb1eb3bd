import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { RequireMember } from './require-member';

/**
 * /mina-recensioner — the signed-in member's own reviews ('Mina recensioner' in the avatar menu, spec 000
 * §2). Reviews cannot be written yet (the Reviews issue adds them and fills this page), so every member sees
 * the empty state. Guests go to /.
 */
export function MyReviewsPage() {
  useEffect(() => {
    document.title = 'Mina recensioner – Vinpressen';
  }, []);

  return (
    <RequireMember>
      {(user) => (
        <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
          <header className="border-b border-ink pb-6 text-center">
            <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Ditt konto · {user.username}</p>
            <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl">Mina recensioner</h1>
          </header>

          <section aria-labelledby="my-reviews-empty" className="mx-auto mt-12 max-w-2xl border-y-4 border-double border-ink bg-paper-dark px-6 py-10 text-center sm:px-10">
            <h2 id="my-reviews-empty" className="text-2xl font-bold text-ink sm:text-3xl">
              Du har inte skrivit några recensioner ännu.
            </h2>
            <p className="mx-auto mt-4 max-w-lg text-lg leading-relaxed text-ink-soft">
              Har du provat ett vin du vill tipsa om – eller varna för? Leta upp det och berätta vad du tyckte. Dina recensioner samlas
              här.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/aktuella-viner" className="btn-primary px-6 py-3">
                Utforska vintips
              </Link>
              <Link to="/folkets-val" className="btn-outline px-6 py-3">
                Folkets val
              </Link>
            </div>
          </section>
        </div>
      )}
    </RequireMember>
  );
}
