import type { Knex } from 'knex';
import sanitizeHtml from 'sanitize-html';
import { DEFAULT_CONTENT_COUNTS, DEFAULT_CONTENT_MESSAGES, type DefaultContentStatus } from '../contract/admin-content';
import { isSafeLink } from '../contract/link-rules';
import { conflict } from '../lib/http-errors';
import type { DbUserRow } from '../queries/users';
import { recordAudit } from '../queries/audit-log';
import { type DbArticleRow, insertArticleUnlessSlugTaken } from '../queries/articles';
import { countPageContents, insertPageContents, lockDefaultContent } from '../queries/page-contents';
import { countSettings, insertMissingSettings } from '../queries/site-settings';
import { SITE_SETTINGS } from '../contract/site-settings';

/**
 * The HTML allow-list for editor content (pages, articles): structure, emphasis, lists, quotes, links and
 * images only. No script/style/iframe/form, no `style` or event attributes, no classes but the block editor's own
 * (button, wine showcase); entities stay encoded (never `decodeEntities: false`).
 * Addresses follow the site's one link rule (api/contract/link-rules.ts, checked on the decoded attribute): a link's
 * href is http(s), mailto, a site path ('/fynd', never '//…' or '/\\…') or a fragment ('#…'); an image's src is http(s)
 * or a site path. Any other href or src is dropped (the element stays, without it).
 * Links that open a new tab get rel="noopener noreferrer".
 */
export const CONTENT_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'blockquote',
    'cite',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'div',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    ol: ['start'],
  },
  // Our own classes only: the block editor's button and wine showcase. Any other class is dropped.
  allowedClasses: {
    a: ['cta-button', 'cta-button-primary', 'cta-button-secondary'],
    ul: ['wine-showcase'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      if (rest.href !== undefined && !isSafeLink(rest.href, { fragments: true })) delete rest.href;
      return { tagName, attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest };
    },
    img: (tagName, attribs) => {
      const kept = { ...attribs };
      if (kept.src !== undefined && !isSafeLink(kept.src, { schemes: ['http:', 'https:'] })) delete kept.src;
      return { tagName, attribs: kept };
    },
  },
};

/**
 * `html` with everything outside CONTENT_HTML_OPTIONS' allow-list removed (tags discarded, their text kept;
 * script and style contents dropped). For page and article content before it is stored or served
 * (architecture: 'HTML from editors').
 */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, CONTENT_HTML_OPTIONS);
}

interface DefaultPage {
  pageId: string;
  title: string;
  content: string;
}

// Titles are the spec's display names (001 §2 'Page editor': artiklar = Artiklar, nya-viner = Nya Viner, …).
export const DEFAULT_PAGES: readonly DefaultPage[] = [
  {
    pageId: 'artiklar',
    title: 'Artiklar',
    content: `
<h2>Läsvärt om vin</h2>
<p>Här samlar Vinpressen sina artiklar: guider för den som vill lära sig mer, reportage från vinvärlden och
praktiska tips inför middagen, helgen och högtiderna. Vi skriver för dig som tycker om vin – inte för att
imponera på någon annan.</p>
<h3>Det här skriver vi om</h3>
<ul>
  <li><strong>Mat och vin:</strong> vad passar till kräftskivan, julbordet eller en vanlig tisdag?</li>
  <li><strong>Druvor och regioner:</strong> korta introduktioner till druvorna och områdena bakom vinerna på hyllan.</li>
  <li><strong>Prisvärt:</strong> så hittar du fynden och varför literpriset säger mer än flaskpriset.</li>
  <li><strong>Förvaring och servering:</strong> temperatur, glas och hur länge en öppnad flaska håller.</li>
</ul>
<p>Har du ett ämne du vill att vi skriver om? Hör av dig till redaktionen – vi läser allt.</p>`,
  },
  {
    pageId: 'nya-viner',
    title: 'Nya Viner',
    content: `
<h2>Aktuella vintips</h2>
<p>Här hittar du viner av den senaste årgången i vårt underlag – det som är nytt i glaset just nu. Varje vin
presenteras med en kort beskrivning, smakprofil och förslag på mat som passar till.</p>
<p>Unga viner är ofta friska och fruktiga. Vita viner och roséer är som bäst medan de är unga, medan många röda
viner gärna får vila en stund i glaset innan de serveras.</p>
<blockquote>Tips: servera unga röda viner lite svalare än rumstemperatur, runt 16–18 °C, så kommer frukten fram.</blockquote>`,
  },
  {
    pageId: 'fynd',
    title: 'Fynd',
    content: `
<h2>Mycket vin för pengarna</h2>
<p>Ett vin blir ett fynd när literpriset är högst hälften av medianpriset för viner av samma typ i
Systembolagets sortiment. Röda viner jämförs med röda, mousserande med mousserande och så vidare.</p>
<p>Genom att räkna per liter kan en flaska, en halvflaska och en box jämföras rättvist. Ett fynd behöver
alltså inte vara det billigaste vinet på hyllan – men det ger ovanligt mycket för pengarna.</p>
<p>Kontrollera alltid aktuellt pris och tillgänglighet hos Systembolaget innan du handlar.</p>`,
  },
  {
    pageId: 'folkets-val',
    title: 'Folkets Val',
    content: `
<h2>Läsarnas egna favoriter</h2>
<p>Folkets val är viner som Vinpressens läsare har recenserat och betygsatt. I den här avdelningen är det
gemenskapens röster som avgör, inte redaktionens.</p>
<p>Varje recension betygsätter prisvärdhet, kvalitet och helhetsupplevelse. Recensionerna granskas innan de
publiceras, så att omdömena håller god ton och handlar om vinet.</p>
<p>Vill du bidra? Skapa ett konto, välj ett vin och berätta vad du tyckte.</p>`,
  },
  {
    pageId: 'om-oss',
    title: 'Om Oss',
    content: `
<h2>En vinguide i tidningsform</h2>
<p>Vinpressen föddes ur en enkel fråga: vilket vin ska jag köpa i dag? Systembolagets sortiment rymmer
tusentals viner, och hyllorna säger sällan vilka som är värda pengarna. Vi läser sortimentet åt dig, jämför
priser och smakprofiler och lyfter fram ett fåtal viner i taget.</p>
<h3>Så väljer vi vinerna</h3>
<ul>
  <li><strong>Fynd</strong> – literpriset är högst hälften av medianpriset för samma typ av vin.</li>
  <li><strong>Aktuella vintips</strong> – viner av den senaste årgången i vårt underlag.</li>
  <li><strong>Folkets val</strong> – viner som läsarna har recenserat och betygsatt.</li>
</ul>
<h3>Drick med måtta</h3>
<p>Vinpressen vänder sig till dig som har fyllt 25 år. Vin är en njutning som hör ihop med mat, sällskap och
måttlighet. Behöver du prata med någon om alkohol? Alkohollinjen ger kostnadsfritt och anonymt stöd på
<a href="https://www.alkohollinjen.se" target="_blank">alkohollinjen.se</a>.</p>`,
  },
];

/**
 * The 14 default site settings (spec 001 §2 migration card): the seeded ones of api/contract/site-settings.ts, each
 * with its default value and its Swedish description. Logos point at the site's own icons until an admin uploads
 * others; empty contact details and social links are hidden by the site.
 */
export const DEFAULT_SETTINGS: readonly { key: string; value: string; description: string }[] = SITE_SETTINGS.filter((s) => s.seeded).map((s) => ({
  key: s.key,
  value: s.default,
  description: s.description,
}));

/** The published welcome article. */
export const DEFAULT_ARTICLE = {
  slug: 'valkommen-till-vinpressen',
  title: 'Välkommen till Vinpressen',
  excerpt: 'Vinpressen är en vinguide i tidningsform: fynd, aktuella vintips och läsarnas egna favoriter – med tydliga fakta och förslag på mat.',
  content: `
<p>Välkommen till Vinpressen! Vi vill göra det enklare att välja vin, oavsett om det gäller en vardagsmiddag
eller en fest. I stället för ändlösa topplistor lyfter vi fram ett fåtal viner i taget, med korta texter,
tydliga fakta och förslag på vad de passar till.</p>
<h2>Tre avdelningar</h2>
<ul>
  <li><a href="/fynd">Fynd</a> – viner som ger ovanligt mycket för pengarna.</li>
  <li><a href="/nya-viner">Aktuella vintips</a> – det som är nytt i glaset just nu.</li>
  <li><a href="/folkets-val">Folkets val</a> – viner som läsarna har recenserat och betygsatt.</li>
</ul>
<h2>Var med och tyck till</h2>
<p>Skapa ett konto för att skriva egna recensioner, och prenumerera på nyhetsbrevet för att få månadens
vintips direkt till dig. Är du producent eller importör kan du skicka in era viner för granskning via
partnerportalen.</p>
<p><em>Vinpressen vänder sig till dig som är 25 år eller äldre. Njut av vin med måtta.</em></p>`,
};

/**
 * The welcome article's row as 'Migrera data nu' publishes it: DEFAULT_ARTICLE with its content sanitised, by 'admin'.
 * The Lighthouse bench publishes the same one (bench/lighthouse.ts).
 */
export function defaultArticleRow(): Pick<DbArticleRow, 'slug' | 'title' | 'excerpt' | 'content' | 'author_id' | 'is_published'> {
  return {
    slug: DEFAULT_ARTICLE.slug,
    title: DEFAULT_ARTICLE.title,
    excerpt: DEFAULT_ARTICLE.excerpt,
    content: sanitizeContentHtml(DEFAULT_ARTICLE.content.trim()),
    author_id: 'admin',
    is_published: true,
  };
}

/** True when the migration card should show: no page contents and no site settings (spec 001 §2). */
export async function defaultContentNeeded(db: Knex | Knex.Transaction): Promise<boolean> {
  return (await countPageContents(db)) === 0 && (await countSettings(db)) === 0;
}

/** GET /api/admin/default-content's answer. */
export async function defaultContentStatus(db: Knex): Promise<DefaultContentStatus> {
  return { needed: await defaultContentNeeded(db), ...DEFAULT_CONTENT_COUNTS };
}

/**
 * 'Migrera data nu' (spec 001 §2): creates the 5 default pages, 14 settings and 1 published article, in one
 * transaction, and audits it. Runs only while it is still needed (no pages and no settings); concurrent calls
 * queue on an advisory lock, so the second one finds the content and gets the 409.
 *
 * @returns how many pages, settings and articles were created
 * @throws HttpError 409 'default_content_exists' when pages or settings exist already
 */
export async function createDefaultContent(
  db: Knex,
  actor: Pick<DbUserRow, 'id' | 'email'>,
): Promise<{ pages: number; settings: number; articles: number }> {
  return db.transaction(async (trx) => {
    await lockDefaultContent(trx);
    if (!(await defaultContentNeeded(trx))) throw conflict('default_content_exists', DEFAULT_CONTENT_MESSAGES.notNeeded);
    const pages = await insertPageContents(
      trx,
      DEFAULT_PAGES.map((p) => ({ pageId: p.pageId, title: p.title, content: sanitizeContentHtml(p.content.trim()), isActive: true })),
    );
    const settings = await insertMissingSettings(trx, DEFAULT_SETTINGS);
    const articleCreated = await insertArticleUnlessSlugTaken(trx, defaultArticleRow());
    const created = { pages, settings, articles: articleCreated ? 1 : 0 };
    await recordAudit(trx, actor, {
      action: 'content.migrate',
      entityType: 'content',
      summary: `Skapade standardinnehåll: ${created.pages} sidor, ${created.settings} inställningar och ${created.articles} artikel`,
    });
    return created;
  });
}
