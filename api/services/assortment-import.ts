import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Knex } from 'knex';
import {
  type AssortmentUpdate,
  findAssortmentImport,
  insertAssortmentImport,
  insertPriceHistory,
  listAssortmentTargets,
  lockAssortmentImports,
  markWinesDiscontinued,
  newestAssortmentImportDate,
  updateWinesFromAssortment,
} from '../queries/assortment-imports';
import { AssortmentFile, COVERED_PACKAGINGS, sameProduct } from './assortment-mapping';
import { recomputeImportedCategories } from './systembolaget-import';

/** The assortment file applied at first start, after the wine file (db/data/README.md). */
export const DEFAULT_ASSORTMENT_FILE = 'db/data/systembolaget-assortment-2026-08-22.json';

/** What applying a file did, as stored in assortment_imports.counts. */
export interface AssortmentCounts {
  /** rows in the file */
  rows: number;
  /** wines given the file's price, vintage, volume, store count and assortment text */
  updated: number;
  /** rows whose name or producer no longer matches the wine of their product number: not merged */
  mismatched: number;
  /** wines the file marks inactive: now 'Utgått' */
  discontinuedInactive: number;
  /** bottles and cans the file omits: now 'Utgått' */
  discontinuedOmitted: number;
  /** wines the file omits but can't speak for (boxes, cartons, bags, PET, unknown packaging): last known price kept */
  keptNotCovered: number;
  /** rows of product numbers no imported wine has */
  unknown: number;
  /** earlier prices kept in wine_price_history */
  priceHistory: number;
}

/** A row not merged: its product number, the stored wine's name and producer, and the file's. */
export interface AssortmentMismatch {
  productNumber: string;
  before: { name: string; producer: string | null };
  after: { name: string; producer: string | null };
}

export interface AssortmentReport {
  sourceDate: string;
  /**
   * 'applied'; 'already-applied': a file of this sourceDate was applied before (`counts` are that run's); 'older': a
   * newer file was applied (`newestApplied`), so this one would turn prices back. Nothing is written but when 'applied'.
   */
  status: 'applied' | 'already-applied' | 'older';
  newestApplied?: string;
  counts: AssortmentCounts | null;
  mismatches: AssortmentMismatch[];
  /** wines whose FYND/NYLANSERAD changed */
  categoriesChanged: number;
}

/** A file that can't be applied: unreadable, not JSON or not an assortment file. One line; nothing is written. */
export class AssortmentFileError extends Error {}

/** Reads and validates an assortment file; throws AssortmentFileError with one line naming the file and the problem. */
async function readAssortmentFile(filePath: string): Promise<{ file: AssortmentFile; sha256: string }> {
  let raw: Buffer;
  try {
    raw = await fs.readFile(filePath);
  } catch (err) {
    throw new AssortmentFileError(`${filePath}: can't read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new AssortmentFileError(`${filePath}: not JSON (${(err as Error).message.split('\n')[0]})`);
  }
  const parsed = AssortmentFile.safeParse(data);
  if (!parsed.success) {
    const [first, ...rest] = parsed.error.issues;
    const more = rest.length ? ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''})` : '';
    throw new AssortmentFileError(`${filePath}: not an assortment file: ${first!.path.join('.') || '(root)'}: ${first!.message}${more}`);
  }
  return { file: parsed.data, sha256: createHash('sha256').update(raw).digest('hex') };
}

/**
 * Applies an assortment file on top of the imported wines, in one transaction (rules in db/README.md 'Assortment
 * files'), idempotently: a file whose sourceDate was applied before changes nothing.
 * - a row whose name and producer still match the wine of its product number (`sameProduct`) and that is active
 *   gives the wine its current price (SEK), vintage, volume (ml), store count, assortment text and launch date, with
 *   price_date = the file's sourceDate; the earlier price, vintage and volume are kept in wine_price_history under
 *   their old price_date;
 * - a row that no longer matches is reported (`mismatches`) and not merged;
 * - a row marked inactive, and a bottle or can the file omits, mark the wine 'Utgått' (discontinued_on = sourceDate);
 * - a wine in a packaging the file doesn't cover keeps its last known price and price_date;
 * then FYND and NYLANSERAD are recomputed from the current data.
 *
 * @throws AssortmentFileError when the file can't be read or isn't a valid assortment file.
 */
export async function applyAssortmentFile(db: Knex, filePath: string): Promise<AssortmentReport> {
  const { file, sha256 } = await readAssortmentFile(filePath);
  const { sourceDate } = file;
  return db.transaction(async (trx) => {
    await lockAssortmentImports(trx);
    const before = await findAssortmentImport(trx, sourceDate);
    if (before)
      return { sourceDate, status: 'already-applied', counts: before.counts as unknown as AssortmentCounts, mismatches: [], categoriesChanged: 0 };
    const newest = await newestAssortmentImportDate(trx);
    if (newest && newest > sourceDate)
      return { sourceDate, status: 'older', newestApplied: newest, counts: null, mismatches: [], categoriesChanged: 0 };

    const wines = new Map((await listAssortmentTargets(trx)).map((w) => [w.product_number, w]));
    const counts: AssortmentCounts = {
      rows: file.rows.length,
      updated: 0,
      mismatched: 0,
      discontinuedInactive: 0,
      discontinuedOmitted: 0,
      keptNotCovered: 0,
      unknown: 0,
      priceHistory: 0,
    };
    const mismatches: AssortmentMismatch[] = [];
    const updates: AssortmentUpdate[] = [];
    const history: Parameters<typeof insertPriceHistory>[1] = [];
    const inactive: string[] = [];
    const listed = new Set<string>();

    for (const row of file.rows) {
      listed.add(row.productNumber);
      const wine = wines.get(row.productNumber);
      if (!wine) {
        counts.unknown += 1;
        continue;
      }
      const matches = sameProduct(wine, row);
      if (!matches)
        mismatches.push({
          productNumber: row.productNumber,
          before: { name: wine.name, producer: wine.producer },
          after: { name: row.name, producer: row.producer },
        });
      // Inactive: whichever product holds the number now, the wine is not sold under it.
      if (!row.active) {
        inactive.push(wine.id);
        continue;
      }
      if (!matches) continue;
      updates.push({
        id: wine.id,
        price: row.price,
        vintage: row.vintage,
        volume_ml: row.volumeMl,
        store_count: row.storeCount,
        assortment: row.assortment,
        launch_date: row.launchDate,
        price_date: sourceDate,
      });
      if (wine.price_date && wine.price_date < sourceDate) {
        history.push({ wine_id: wine.id, price_date: wine.price_date, price: wine.price, vintage: wine.vintage, volume_ml: wine.volume_ml });
      }
    }
    const omitted: string[] = [];
    for (const wine of wines.values()) {
      if (listed.has(wine.product_number)) continue;
      if (wine.packaging !== null && COVERED_PACKAGINGS.includes(wine.packaging)) omitted.push(wine.id);
      else counts.keptNotCovered += 1;
    }

    counts.mismatched = mismatches.length;
    counts.priceHistory = await insertPriceHistory(trx, history);
    counts.updated = await updateWinesFromAssortment(trx, updates);
    counts.discontinuedInactive = await markWinesDiscontinued(trx, inactive, sourceDate);
    counts.discontinuedOmitted = await markWinesDiscontinued(trx, omitted, sourceDate);
    await insertAssortmentImport(trx, { source_date: sourceDate, sha256, counts: { ...counts } });
    const categoriesChanged = await recomputeImportedCategories(trx);
    return { sourceDate, status: 'applied', counts, mismatches, categoriesChanged };
  });
}
