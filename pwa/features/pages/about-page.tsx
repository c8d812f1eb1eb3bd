import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PublicPage } from '../../../api/contract/content';
import { usePublicPage } from '../../lib/api/content';
import { ContentBody } from '../../components/cms-page';
import { MEDALS } from '../../components/wine/wine-medals';
import { usePageMeta } from '../../lib/page-meta';

/**
 * /om-oss — about Vinpressen (spec 000 §2): the CMS page 'om-oss' while it is active (its title and
 * content, from the builder's blocks or the HTML editor), else the built-in text below — also when the page
 * cannot be fetched (offline). The medals column stays beside either.
 */
const ABOUT_DESCRIPTION =
  'Om Vinpressen, Sveriges vinguide i tidningsform: hur vi väljer vinerna, granskar recensionerna och var uppgifterna kommer ifrån.';

export function AboutPage() {
  const { data: page, isPending } = usePublicPage('om-oss');
  if (isPending) return <AboutSkeleton />;
  return page ? <CmsAbout page={page} /> : <BuiltInAbout />;
}

function CmsAbout({ page }: { page: PublicPage }) {
  const title = page.title.trim() || 'Om oss';
  usePageMeta({ title: `${title} – Vinpressen`, description: ABOUT_DESCRIPTION, path: '/om-oss' });

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="border-b border-ink pb-6 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Om Vinpressen</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight break-words sm:text-5xl lg:text-6xl">{title}</h1>
      </header>
      <div className="mt-10 grid gap-12 lg:grid-cols-12">
        <ContentBody content={page.content} blocks={page.blocks} className="min-w-0 lg:col-span-8" />
        <MedalsAside />
      </div>
    </div>
  );
}

function AboutSkeleton() {
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12" aria-busy="true">
      <span className="sr-only">Laddar sidan…</span>
      <div aria-hidden="true" className="space-y-4 border-b border-rule pb-6">
        <div className="skeleton mx-auto h-3 w-32" />
        <div className="skeleton mx-auto h-12 w-64" />
      </div>
      <div aria-hidden="true" className="mt-10 space-y-3 lg:w-2/3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={`skeleton h-4 ${i % 3 === 2 ? 'w-4/5' : 'w-full'}`} />
        ))}
      </div>
    </div>
  );
}

/** The built-in about page, from before the CMS (and whenever its page is not active). */
function BuiltInAbout() {
  usePageMeta({ title: 'Om oss – Vinpressen', description: ABOUT_DESCRIPTION, path: '/om-oss' });

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="border-b border-ink pb-6 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Om Vinpressen</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl lg:text-6xl">Om oss</h1>
        <p className="mx-auto mt-4 max-w-2xl text-xl leading-relaxed text-balance text-ink-soft italic">
          En vinguide i tidningsform – för dig som vill välja vin med gott omdöme, till vardag som till fest.
        </p>
      </header>

      <div className="mt-10 grid gap-12 lg:grid-cols-12">
        <article className="lg:col-span-8">
          <p className="text-xl leading-relaxed text-ink first-letter:float-left first-letter:mr-2 first-letter:font-display first-letter:text-7xl first-letter:leading-[0.8] first-letter:font-bold first-letter:text-wine">
            Vinpressen föddes ur en enkel fråga: vilket vin ska jag köpa i dag? Systembolagets sortiment rymmer tusentals viner, och hyllorna säger
            sällan vilka som är värda pengarna. Vi läser sortimentet åt dig, jämför priser och smakprofiler och lyfter fram ett fåtal viner i taget –
            med korta texter, tydliga fakta och förslag på vad de passar till.
          </p>

          <Section title="En vinguide i tidningsform">
            <p>
              Vi vill att det ska kännas som att bläddra i en välskriven tidning: lugna sidor, tydliga rubriker och bedömningar du kan lita på. I
              stället för ändlösa topplistor delar vi in vinerna i tre avdelningar, var och en med sina egna, öppet redovisade regler.
            </p>
          </Section>

          <Section title="Så väljer vi vinerna">
            <dl className="space-y-6">
              <Criterion term="Fynd" href="/fynd">
                Ett vin blir ett fynd när literpriset är högst hälften av medianpriset för viner av samma typ i Systembolagets sortiment. Röda viner
                jämförs med röda, mousserande med mousserande och så vidare. Genom att räkna per liter kan en flaska, en halvflaska och en box
                jämföras rättvist.
              </Criterion>
              <Criterion term="Aktuella vintips" href="/aktuella-viner">
                Här hittar du viner av den senaste årgången i vårt underlag – det som är nytt i glaset just nu, med beskrivningar, smakprofiler och
                matförslag.
              </Criterion>
              <Criterion term="Folkets val" href="/folkets-val">
                Viner som våra läsare har recenserat och betygsatt. I den här avdelningen är det gemenskapens röster som avgör, inte redaktionens.
              </Criterion>
            </dl>
          </Section>

          <Section title="Så granskas recensionerna">
            <p>
              Alla recensioner från läsarna läses först av en AI-analys som kontrollerar innehållet och sammanfattar omdömet, och därefter av en av
              våra moderatorer. Först när båda är klara publiceras recensionen – oftast inom kort tid. Viner som redaktionen har granskat särskilt får
              märket <em>Granskad</em>.
            </p>
            <p>
              Snart får Vinpressen också en AI-agent som väger samman omdömen från hela webben till ett samlat betyg. Vi berättar mer när den är klar.
            </p>
          </Section>

          <Section title="Varifrån kommer uppgifterna?">
            <p>
              Uppgifterna om vinerna – namn, pris, druvor, smakprofil och serveringsförslag – kommer från Systembolagets sortiment och gäller år 2021.
              Priser och utbud kan ha ändrats sedan dess, så kontrollera alltid aktuellt pris och tillgänglighet hos Systembolaget innan du handlar.
              Knappen <em>Köp nu</em> tar dig direkt dit.
            </p>
          </Section>

          <Section title="Drick med måtta">
            <p>
              Vinpressen vänder sig till dig som har fyllt 25 år. Vin är en njutning som hör ihop med mat, sällskap och måttlighet. Drick aldrig
              alkohol om du är gravid, om du ska köra eller om du är under 20 år.
            </p>
            <p>
              Vill du prata med någon om alkohol, för din egen eller någon annans skull? Alkohollinjen ger kostnadsfritt och anonymt stöd på telefon{' '}
              <a href="tel:+46208444448" className="whitespace-nowrap text-wine underline underline-offset-2 hover:text-wine-dark">
                020-84 44 48
              </a>{' '}
              och på{' '}
              <a
                href="https://www.alkohollinjen.se"
                target="_blank"
                rel="noopener noreferrer"
                className="text-wine underline underline-offset-2 hover:text-wine-dark"
              >
                alkohollinjen.se
                <span className="sr-only"> (öppnas i en ny flik)</span>
              </a>
              .
            </p>
          </Section>
        </article>

        <MedalsAside />
      </div>
    </div>
  );
}

/** 'Våra utmärkelser': the three medals and the way to /medals for producers. */
function MedalsAside() {
  return (
    <aside aria-labelledby="about-medals" className="lg:col-span-4">
      <div className="border-t-4 border-double border-ink pt-4 lg:sticky lg:top-6">
        <h2 id="about-medals" className="font-sans text-sm font-bold tracking-[0.18em] uppercase">
          Våra utmärkelser
        </h2>
        <ul className="mt-4 divide-y divide-rule border-b border-rule">
          {(['FYND', 'NYLANSERAD', 'FOLKETS_VAL'] as const).map((category) => (
            <li key={category} className="flex items-center gap-4 py-4">
              <img src={MEDALS[category].src} alt="" width={56} height={56} className="h-14 w-14 shrink-0" />
              <span className="font-display text-lg font-bold">{MEDALS[category].name}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-ink-soft">
          Är du producent eller importör och har ett vin med någon av våra utmärkelser? Ladda ner medaljerna och använd dem i din marknadsföring.
        </p>
        <Link to="/medals" className="btn-outline mt-4">
          Till medaljerna
        </Link>
      </div>
    </aside>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="border-b border-rule pb-2 text-2xl font-bold sm:text-3xl">{title}</h2>
      <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink-soft">{children}</div>
    </section>
  );
}

function Criterion({ term, href, children }: { term: string; href: string; children: ReactNode }) {
  return (
    <div className="border-l-2 border-wine pl-4">
      <dt className="font-display text-xl font-bold text-ink">
        <Link to={href} className="hover:text-wine hover:underline">
          {term}
        </Link>
      </dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}
