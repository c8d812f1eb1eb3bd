import { Link } from 'react-router-dom';
import { WINE_CATEGORY_LABELS, type WineCategory } from '../../../api/contract/constants';
import type { MedalCategory, MedalDesign } from '../../../api/contract/medal-designs';
import { MEDALS } from '../../components/wine/wine-medals';
import { useMedalDesigns } from './api/get-medal-designs';
import { usePageMeta } from '../../lib/page-meta';

/** What each medal category stands for (MEDAL_CATEGORY_LABELS, built here from the zod-free constants: the page must not load zod). */
const CATEGORY_NAMES: Readonly<Record<MedalCategory, string>> = { ...WINE_CATEGORY_LABELS, GRANSKAD: 'Granskad av Vinpressen' };

const MEDAL_TEXTS: { category: WineCategory; file: string; meaning: string; listHref: string }[] = [
  {
    category: 'FYND',
    file: 'vinpressen-fynd.svg',
    meaning: 'Vinet ger ovanligt mycket för pengarna: literpriset är högst hälften av medianpriset för samma typ av vin i Systembolagets sortiment.',
    listHref: '/fynd',
  },
  {
    category: 'NYLANSERAD',
    file: 'vinpressen-aktuella-vintips.svg',
    meaning: 'Vinet hör till den senaste årgången i sortimentet – ett av de viner som är mest aktuella just nu.',
    listHref: '/aktuella-viner',
  },
  {
    category: 'FOLKETS_VAL',
    file: 'vinpressen-folkets-val.svg',
    meaning: 'Vinet har recenserats och betygsatts av Vinpressens läsare – gemenskapens eget val.',
    listHref: '/folkets-val',
  },
];

/**
 * /medals — the medal download page for producers and importers (spec 000 §2): the three category medals with
 * what they mean, then every medal design the admins keep (GET /api/medal-designs), each drawn by the server
 * as SVG and downloadable as 'vinpressen-{id}.svg'.
 */
export function MedalsPage() {
  usePageMeta({
    title: 'Medaljer för producenter – Vinpressen',
    description: 'Vinpressens medaljer för producenter och importörer: vad de betyder och hur du laddar ner dem till etiketter och marknadsföring.',
    path: '/medals',
  });

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="border-b border-ink pb-6 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">För producenter och importörer</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl lg:text-6xl">Vinpressens medaljer</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-balance text-ink-soft">
          Har ert vin utsetts till Fynd, Aktuella vintips eller Folkets val? Visa det gärna på hyllkanten, i webbutiken, i sociala medier eller i
          trycksaker. Medaljerna är vektorbilder (SVG) och kan skalas till valfri storlek utan att förlora skärpa.
        </p>
      </header>

      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {MEDAL_TEXTS.map(({ category, file, meaning, listHref }) => {
          const medal = MEDALS[category];
          return (
            <li key={category} className="flex flex-col items-center border border-rule px-6 pt-8 pb-6 text-center">
              <img src={medal.src} alt="" width={160} height={160} className="h-40 w-40" />
              <h2 className="mt-5 text-2xl font-bold">{medal.name}</h2>
              <p className="mt-3 flex-1 leading-relaxed text-ink-soft">{meaning}</p>
              <div className="mt-6 flex w-full flex-col gap-2">
                <a href={medal.src} download={file} className="btn-primary" aria-label={`Ladda ner medaljen ${medal.name} (SVG)`}>
                  <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.8">
                    <path d="M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13.5h10" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  Ladda ner (SVG)
                </a>
                <Link to={listHref} className="font-sans text-sm text-wine underline underline-offset-2 hover:text-wine-dark">
                  Se alla viner med medaljen {medal.name}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>

      <MedalDesignList />

      <section aria-labelledby="medal-rules" className="mx-auto mt-14 max-w-3xl">
        <h2 id="medal-rules" className="section-rule py-2 text-center font-sans text-sm font-bold tracking-[0.18em] uppercase">
          Så använder ni medaljerna
        </h2>
        <ul className="mt-6 list-disc space-y-3 pl-6 text-lg leading-relaxed text-ink-soft marker:text-wine">
          <li>Använd bara den medalj som vinet faktiskt har fått på Vinpressen, och bara för just det vinet och den årgången.</li>
          <li>Ändra inte färger, proportioner eller text, och lämna lite luft runt medaljen så att den syns tydligt.</li>
          <li>Placera gärna medaljen nära vinets namn, så att det är tydligt vilket vin den gäller.</li>
          <li>Marknadsföring av alkohol ska vara måttfull och får inte rikta sig till personer under 25 år. Följ alkohollagens regler för reklam.</li>
        </ul>
        <p className="mt-6 text-ink-soft">
          Läs mer om hur vinerna väljs ut på sidan{' '}
          <Link to="/om-oss" className="text-wine underline underline-offset-2 hover:text-wine-dark">
            Om oss
          </Link>
          .
        </p>
      </section>
    </div>
  );
}

const downloadIcon = (
  <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.8">
    <path d="M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13.5h10" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** Every medal design, each with its SVG and a download link; a short note when the list can't be fetched (offline). */
function MedalDesignList() {
  const designs = useMedalDesigns();
  return (
    <section aria-labelledby="all-medals" className="mt-14">
      <h2 id="all-medals" className="section-rule py-2 text-center font-sans text-sm font-bold tracking-[0.18em] uppercase">
        Alla medaljer att ladda ner
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center leading-relaxed text-ink-soft">
        Här finns alla Vinpressens medaljer, även granskningsmärket och särskilda utmärkelser, som SVG-filer.
      </p>
      {designs.isPending ? (
        <div aria-busy="true" className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          <span className="sr-only">Laddar medaljerna…</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton h-64" />
          ))}
        </div>
      ) : designs.isError ? (
        <div role="status" className="mx-auto mt-8 max-w-xl border border-rule px-4 py-6 text-center">
          <p className="text-ink-soft">
            Medaljlistan kunde inte hämtas just nu, kanske för att du är offline. De tre medaljerna ovan går att ladda ner ändå.
          </p>
          <button type="button" className="btn-outline mt-4" onClick={() => void designs.refetch()}>
            Försök igen
          </button>
        </div>
      ) : designs.data.length === 0 ? (
        <p className="mt-8 text-center text-ink-soft">Det finns inga fler medaljer just nu.</p>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {designs.data.map((d) => (
            <MedalDesignCard key={d.id} design={d} />
          ))}
        </ul>
      )}
    </section>
  );
}

const sameText = (a: string, b: string) => a.localeCompare(b, 'sv', { sensitivity: 'base' }) === 0;

function MedalDesignCard({ design }: { design: MedalDesign }) {
  const url = `/api/medal-designs/${design.id}.svg`;
  const category = CATEGORY_NAMES[design.category] ?? design.category;
  return (
    <li className="flex flex-col items-center border border-rule px-3 pt-5 pb-4 text-center sm:px-4">
      <img src={url} alt="" width={112} height={112} className="h-28 w-28" loading="lazy" decoding="async" />
      <h3 className="mt-3 text-lg leading-tight font-bold break-words">{design.name}</h3>
      {/* The seeded designs are named after their category: say it once. */}
      <p className="mt-1 flex-1 font-sans text-sm text-ink-soft">{sameText(design.name, category) ? '' : category}</p>
      <a
        href={url}
        download={`vinpressen-${design.id}.svg`}
        className="btn-outline mt-4 w-full px-2"
        aria-label={`Ladda ner ${design.name} (${category}, SVG)`}
      >
        {downloadIcon}
        Ladda ner
      </a>
    </li>
  );
}
