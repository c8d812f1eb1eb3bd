import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { WineSection } from './wine-section';
import { WineSlider } from './wine-slider';
import { websiteJsonLd } from '../../../api/contract/structured-data';
import { JsonLd } from '../../components/json-ld';
import { usePageMeta, useSiteOrigin } from '../../lib/page-meta';

/**
 * The start page (spec 000 §2 'Home page'), top to bottom: the hero with this month's slider, the sections
 * FOLKETS VAL, FYND! and AKTUELLA VINTIPS (3 wines each), and `newsletter`, the signup (#nyhetsbrev) that the
 * app puts in (pwa/app/home-newsletter.tsx: another feature's, loaded lazily below the fold).
 */
export function HomePage({ newsletter }: { newsletter?: ReactNode }) {
  useScrollToHashAnchor();
  const origin = useSiteOrigin();
  usePageMeta({
    title: 'Vinpressen – Sveriges vinguide',
    description: 'Månadens viner, fynd, aktuella vintips och folkets val – recensioner, smakprofiler och matmatchning på svenska.',
    path: '/',
  });

  return (
    <div className="mx-auto max-w-[1200px] px-4 md:px-6">
      <JsonLd data={websiteJsonLd({ origin })} />
      <Hero />

      <WineSection
        category="FOLKETS_VAL"
        title="FOLKETS VAL"
        subtitle="Viner som gemenskapen recenserar och betygsätter"
        seeAllHref="/folkets-val"
        empty={{ title: 'Inga "Folkets Val" viner ännu', text: <p>Bli den första att lämna en recension!</p> }}
      />
      <WineSection
        category="FYND"
        title="FYND!"
        subtitle="Exceptionella viner med bästa pris-kvalitet förhållandet"
        seeAllHref="/fynd"
        empty={{ title: 'Inga fynd tillgängliga för tillfället.' }}
      />
      <WineSection
        category="NYLANSERAD"
        title="AKTUELLA VINTIPS"
        subtitle="Smarta vintips och rekommendationer"
        seeAllHref="/aktuella-viner"
        empty={{ title: 'Inga nylanserade viner tillgängliga för tillfället.' }}
      />

      {newsletter}
    </div>
  );
}

/**
 * The hero: the heading, this month's slider and the editorial words. On a phone the slider comes right under the
 * heading, so the first screen (375 × 812) shows a wine with its name, price and picture; from lg the words stand in
 * the left column beside the slider.
 */
function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="grid gap-x-12 gap-y-5 pt-5 pb-4 md:pt-10 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-y-0">
      <div className="lg:col-start-1 lg:row-start-1 lg:border-r lg:border-rule lg:pr-12">
        <p className="font-sans text-xs font-bold tracking-[0.2em] text-wine uppercase">Månadens urval</p>
        <h1 id="hero-heading" className="mt-2 text-3xl leading-[1.05] font-black text-balance text-ink md:mt-3 md:text-5xl lg:text-[3.5rem]">
          Upptäck månadens mest aktuella viner
        </h1>
      </div>

      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <WineSlider />
      </div>

      <div className="flex flex-col lg:col-start-1 lg:row-start-2 lg:border-r lg:border-rule lg:pr-12">
        <p className="text-lg leading-relaxed text-ink-soft lg:mt-5 lg:text-xl">
          Vinpressens redaktion lyfter varje månad fram viner värda att prova – fynd med rätt pris, nyheter på hyllan och gemenskapens egna favoriter.
        </p>

        <aside aria-label="Kommer snart" className="mt-6 border-t border-b border-rule py-4">
          <p className="font-sans text-[0.7rem] font-bold tracking-[0.2em] text-gold uppercase">Kommer snart</p>
          <p className="mt-1 leading-relaxed text-ink">
            Vår AI-agent läser omdömen från hela webben – recensioner, guider och forum – och väger samman dem till ett samlat betyg för varje vin.
          </p>
        </aside>

        <div className="mt-8">
          <Link to="/aktuella-viner" className="btn-primary px-6 py-3 text-base">
            Utforska vintips
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * Brings the element named by the address's hash (e.g. /#nyhetsbrev from 'BLI MEDLEM' on another page)
 * into view. React Router scrolls once when the page first renders, but the wine sections above the
 * newsletter are still loading then and grow afterwards, pushing the target down; so the target is kept in
 * place while the page settles, until the reader scrolls or 3 s have passed.
 */
function useScrollToHashAnchor() {
  const { hash, key } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger: a new navigation to the same #anchor scrolls again.
  useEffect(() => {
    if (!hash || hash === '#') return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;

    const align = () => target.scrollIntoView({ block: 'start' });
    align();
    target.focus({ preventScroll: true });

    const main = target.parentElement ?? document.body;
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(align) : null;
    observer?.observe(main);
    const stop = () => {
      observer?.disconnect();
      window.clearTimeout(timer);
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, 3000);
    // The reader takes over: stop moving the page under them.
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [hash, key]);
}

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
