// The real catalogue for the offline search's tests and the benchmark (not part of the app): every wine of
// db/data/systembolaget-wines.json mapped as the import maps it (systembolaget-mapping.ts) and presented as
// GET /api/wines/catalogue answers it (api/contract/wine-search.ts CatalogueWine: the card fields, passed through
// presentWineSummary so that a field WineSummary gains comes along, plus the search's fields).
import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue, CatalogueWine } from '../contract/wine-search';
import { presentWine, presentWineSummary } from '../presenters/wine';
import type { DbPublicWineRow } from '../queries/wines';
import { type CategoryContext, deriveCategories, mapSystembolagetRow, pricePerLitre, SystembolagetRow } from './systembolaget-mapping';

const DATA_FILE = path.resolve(import.meta.dirname, '../../db/data/systembolaget-wines.json');

/** One imported row as the database would hold it: the import's columns and the defaults of the wines table. */
function asStoredRow(row: SystembolagetRow, ctx: CategoryContext): DbPublicWineRow {
  const created = new Date(`${row.sourceDate}T12:00:00Z`);
  const columns = mapSystembolagetRow(row);
  const facts = {
    wineType: columns.wine_type,
    price: columns.price,
    volumeMl: columns.volume_ml,
    launchDate: columns.launch_date,
    discontinuedOn: null,
  };
  return {
    ...columns,
    categories: deriveCategories(facts, ctx),
    rating: null,
    image_url: null,
    is_granskad_vinpressen: false,
    rejection_reason: null,
    store_count: null,
    discontinued_on: null,
    version: 1,
    owner_user_id: null,
    medal_design_id: null,
    submitted_at: null,
    reviewed_at: null,
    reviewed_by: null,
    created_at: created,
    updated_at: created,
    medal_name: null,
    medal_category: null,
  } as DbPublicWineRow;
}

/** A wine row presented as the catalogue sends it (CatalogueWine). */
function presentCatalogueWine(row: DbPublicWineRow): CatalogueWine {
  const wine = presentWine(row);
  return {
    ...presentWineSummary(row),
    producer: wine.producer,
    style: wine.style,
    sweetness: wine.sweetness,
    acidity: wine.acidity,
    body: wine.body,
    tannins: wine.tannins,
    foodPairings: wine.foodPairings,
    occasions: wine.occasions,
    isOrganic: wine.isOrganic,
    assortment: row.assortment,
  };
}

let wines: CatalogueWine[] | undefined;

/** The 1,137 real wines as CatalogueWine, in the data file's order. */
export function realCatalogueWines(): CatalogueWine[] {
  if (!wines) {
    const rows = (JSON.parse(fs.readFileSync(DATA_FILE, 'utf8')) as unknown[]).map((r) => SystembolagetRow.parse(r));
    // The categories as the import derives them from the 2021 file alone (medians per type, dated 2021-09-21).
    const byType = new Map<string, number[]>();
    for (const r of rows) byType.set(r.type, [...(byType.get(r.type) ?? []), pricePerLitre(r.price, r.volumeMl)]);
    const median = (v: number[]) => {
      const s = [...v].sort((a, b) => a - b);
      const mid = Math.floor(s.length / 2);
      return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
    };
    const ctx: CategoryContext = {
      medianPricePerLitreByType: Object.fromEntries([...byType].map(([t, v]) => [t, median(v)])),
      dataDate: '2021-09-21',
    };
    wines = rows.map((row) => presentCatalogueWine(asStoredRow(row, ctx)));
  }
  return wines;
}

/** GET /api/wines/catalogue's answer made of `items` (default: every real wine), dated as the data file. */
export function realCatalogue(items: CatalogueWine[] = realCatalogueWines()): Catalogue {
  return { dataDate: '2021-09-21', generatedAt: '2026-11-24T12:00:00.000Z', items };
}
