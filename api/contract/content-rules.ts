// Pages, articles and the block editor: the zod-free rules (spec 001 §2 'Page editor', 'Article editor',
// 'Block editor', §3 'Content block'). The PWA imports this file at run time; api/contract/content.ts
// holds the schemas.

export const BLOCK_TYPES = ['heading', 'paragraph', 'image', 'quote', 'list', 'wine_showcase', 'cta_button', 'separator'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** The block editor's names for the block types. */
export const BLOCK_TYPE_LABELS: Record<BlockType, string> = {
  heading: 'Rubrik',
  paragraph: 'Stycke',
  image: 'Bild',
  quote: 'Citat',
  list: 'Lista',
  wine_showcase: 'Vinvisning',
  cta_button: 'Knapp',
  separator: 'Avdelare',
};

export const HEADING_LEVELS = ['h1', 'h2', 'h3', 'h4'] as const;
export const CTA_STYLES = ['primary', 'secondary'] as const;

/**
 * What an empty field becomes when blocks turn into HTML (spec 001 §3 'Content block'): 'Rubrik', 'Stycke text...',
 * 'Bild', 'Citat text...', 'Listpunkt', 'Knapp', link '#', and a placeholder image of the site's own.
 */
export const BLOCK_PLACEHOLDERS = {
  heading: 'Rubrik',
  paragraph: 'Stycke text...',
  imageAlt: 'Bild',
  imageSrc: '/images/wine-fallback-1.svg',
  quote: 'Citat text...',
  listItem: 'Listpunkt',
  buttonText: 'Knapp',
  buttonLink: '#',
} as const;

/** At most this many blocks per page or article, and wines per showcase. */
export const BLOCKS_MAX = 200;
export const SHOWCASE_WINES_MAX = 12;

/** The CMS pages and their display names (spec 001 §2 'Page editor'); any other pageId is shown as it is. */
export const PAGE_DISPLAY_NAMES: Record<string, string> = {
  artiklar: 'Artiklar',
  'nya-viner': 'Nya Viner',
  fynd: 'Fynd',
  'folkets-val': 'Folkets Val',
  recept: 'Recept',
  'om-oss': 'Om Oss',
};

/** The page's display name (spec 001 §2): the table above, else the pageId itself. */
export function pageDisplayName(pageId: string): string {
  return PAGE_DISPLAY_NAMES[pageId] ?? pageId;
}

export const CONTENT_MESSAGES = {
  pageNotFound: 'Sidan hittades inte',
  articleNotFound: 'Artikeln hittades inte',
  titleRequired: 'Ange en rubrik.',
  titleTooLong: 'Rubriken får vara högst 200 tecken.',
  textTooLong: 'Texten är för lång.',
  linkInvalid: 'Ange en länk som börjar med https://, http://, mailto: eller /, eller #.',
  imageInvalid: 'Ange en bildadress som börjar med https:// eller /, eller ladda upp en bild.',
  tooManyBlocks: `Högst ${BLOCKS_MAX} block.`,
  tooManyWines: `Högst ${SHOWCASE_WINES_MAX} viner per vinvisning.`,
  wineIdInvalid: 'Ogiltigt vin-id.',
  unknownBlockType: 'Okänd blocktyp',
  pageUpdated: 'Sidan har uppdaterats',
  articleCreated: 'Artikel skapad',
  articleUpdated: 'Artikel uppdaterad',
  updateFailed: 'Fel vid uppdatering',
  createFailed: 'Fel vid skapande',
  contentWouldBeEmpty: 'Sparningen skulle tömma innehållet. Det sparade innehållet är kvar: lägg till text eller block och spara igen.',
} as const;

/** Whether a text field of a block holds nothing to show (empty or only white space). */
const blank = (value: string | undefined) => !value?.trim();

/**
 * The blocks as they are published, in their stored order (README.md 'Pages and articles'): a block whose text is
 * empty (a heading, paragraph or quote without text, an image without an address, a button without text, a list
 * without items) is left out, and a list keeps only its items with text. The editor's placeholders ('Rubrik',
 * 'Stycke text...', …) are hints in the editor, never published content (the server's HTML and BlockContent both
 * use this). Separators and wine showcases are kept as they are.
 */
export function publishableBlocks<B extends ContentBlockLike>(blocks: readonly B[]): B[] {
  const kept: B[] = [];
  for (const block of blocks) {
    const c = block.content as Record<string, unknown>;
    switch (block.type) {
      case 'heading':
      case 'paragraph':
      case 'quote':
      case 'cta_button':
        if (!blank(c.text as string | undefined)) kept.push(block);
        break;
      case 'image':
        if (!blank(c.src as string | undefined)) kept.push(block);
        break;
      case 'list': {
        const items = ((c.items as string[] | undefined) ?? []).filter((item) => !blank(item));
        if (items.length > 0) kept.push({ ...block, content: { ...c, items } });
        break;
      }
      default:
        kept.push(block);
    }
  }
  return kept;
}

/** What publishableBlocks reads of a block: its type and its fields. */
interface ContentBlockLike {
  type: string;
  content: object;
}

/**
 * Slug of an article title: lower case, Swedish and other accented letters folded (å→a, ä→a, ö→o, é→e, ü→u, …),
 * everything else to single hyphens, at most 100 characters; 'artikel' when nothing is left.
 */
export function slugify(title: string): string {
  const folded = title
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const slug = folded
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'artikel';
}
