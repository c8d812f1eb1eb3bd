import { z } from 'zod';
import { IsoDate } from './systembolaget-mapping';

/**
 * One row of an assortment file such as db/data/systembolaget-assortment-2026-08-22.json (db/data/README.md gives
 * the source and the columns): a product number of the wine file as a later source lists it. Price in SEK incl.
 * VAT, volume in ml, storeCount = how many stores stock it, active = still listed.
 */
export const AssortmentRow = z.object({
  productNumber: z.string().regex(/^\d{1,10}$/, 'productNumber is not a varunummer'),
  name: z.string().trim().min(1, 'name is empty'),
  producer: z.string().nullable(),
  price: z.number().positive('price is not positive'),
  volumeMl: z.number().int().positive('volumeMl is not positive').nullable(),
  packaging: z.string().nullable(),
  style: z.string().nullable(),
  country: z.string().nullable(),
  grapes: z.string().nullable(),
  vintage: z.number().int().min(1900).max(2100).nullable(),
  launchDate: IsoDate.nullable(),
  assortment: z.string().nullable(),
  isNewInAssortment: z.boolean().nullable(),
  isCompletelyOutOfStock: z.boolean().nullable(),
  isTemporaryOutOfStock: z.boolean().nullable(),
  isDiscontinued: z.boolean().nullable(),
  storeCount: z.number().int().min(0).nullable(),
  active: z.boolean(),
});
export type AssortmentRow = z.infer<typeof AssortmentRow>;

/** An assortment file: its date and its rows, each product number once. */
export const AssortmentFile = z.object({ sourceDate: IsoDate, rows: z.array(AssortmentRow) }).superRefine((file, ctx) => {
  const seen = new Set<string>();
  file.rows.forEach((row, i) => {
    if (seen.has(row.productNumber)) ctx.addIssue({ code: 'custom', path: ['rows', i, 'productNumber'], message: 'product number listed twice' });
    seen.add(row.productNumber);
  });
});
export type AssortmentFile = z.infer<typeof AssortmentFile>;

/**
 * The packagings of the 2021 wine file that an assortment file speaks for (db/data/README.md: its crawler leaves out
 * boxes, bags, PET and cartons): bottles and cans. A wine in another packaging, or with none, that a file omits
 * keeps its last known price; a bottle or can it omits is no longer sold ('Utgått').
 */
export const COVERED_PACKAGINGS: readonly string[] = ['Flaska', 'Burk'];

/** Words that say nothing about which wine it is: articles and prepositions of the wine languages. */
const STOP_WORDS = new Set('a and d da das de del della delle dei der des di do dos du e en et i l la le les of och s the van von y'.split(' '));

/** Words wine names share across products: a match on them alone proves nothing ('Gran Reserva', 'Château'). */
const GENERIC_WORDS = new Set(
  (
    'bianco bio biologico blanc blanco bodega bodegas brut cantina cantine chateau classico crianza cuvee domaine dry estate estates ' +
    'extra familia famille family gran grand grande organic organico reserva reserve riserva rose rosso rouge superiore tenuta tenute ' +
    'tinto vin vineyard vineyards vino weingut wine winery wines'
  ).split(' '),
);

/**
 * The words of a name or producer as the match compares them: accents, case and apostrophes dropped
 * ('Krug’scher' = 'Krugscher'), every other run of punctuation or whitespace a break, articles left out.
 */
export function nameWords(text: string | null): string[] {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’´`]/g, '')
    .split(/[^a-z0-9+]+/)
    .filter((w) => w && !STOP_WORDS.has(w));
}

/** Share of the shorter name's telling words (neither article nor generic) found in the other; 1 when identical. */
function overlap(a: string | null, b: string | null): number {
  const A = new Set(nameWords(a).filter((w) => !GENERIC_WORDS.has(w)));
  const B = new Set(nameWords(b).filter((w) => !GENERIC_WORDS.has(w)));
  if (!A.size || !B.size) return nameWords(a).join(' ') === nameWords(b).join(' ') ? 1 : 0;
  let shared = 0;
  for (const w of A) if (B.has(w)) shared += 1;
  return shared / Math.min(A.size, B.size);
}

/**
 * Whether an assortment row still describes the 2021 wine of its product number (Systembolaget reuses the numbers of
 * products it no longer sells). Tuned on the 2026-08-22 file (db/README.md 'Assortment files'):
 * - the names match when at least half of the shorter name's telling words are in the other (reordered, a word
 *   added or renamed: 'Casa Marrone Appassimento' → 'Casa Marzoni Appassimento', 'Collection 242' → 'Collection 246');
 * - and the producers match (a shared telling word, also with the other's wine name: 'Bordeauxslott' sold
 *   'Château Labadie', now 'Château Labadie' itself), unless the names are the same (a brand changing owners:
 *   Jacob's Creek from Orlando to Vinarchy).
 * 'Pesquera Millenium Gran Reserva' (2021) and 'Casas Patronales Gran Reserva Carmenère' (2026) share only generic
 * words: another product.
 */
export function sameProduct(before: { name: string; producer: string | null }, after: { name: string; producer: string | null }): boolean {
  const names = overlap(before.name, after.name);
  if (names < 0.5) return false;
  if (names === 1) return true;
  return Math.max(overlap(before.producer, after.producer), overlap(before.producer, after.name), overlap(after.producer, before.name)) > 0;
}
