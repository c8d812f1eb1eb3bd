import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, test as base } from '@playwright/test';
import type { Knex } from 'knex';
import { createDb } from '../../api/db/knex';
import { swedishYearMonth as stockholmYearMonth } from '../../api/contract/dates';
import { E2E_DB_URL_FILE_NAME } from './ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Written by e2e/support/start-server.ts once its database is ready. */
const DB_URL_FILE = path.join(ROOT, '.data', 'e2e', E2E_DB_URL_FILE_NAME);

/** The connection string of the database the e2e server uses. */
export function e2eDatabaseUrl(): string {
  if (!fs.existsSync(DB_URL_FILE)) throw new Error(`${DB_URL_FILE} is missing: is the e2e server (webServer) running?`);
  return fs.readFileSync(DB_URL_FILE, 'utf8').trim();
}

/**
 * Waits until the app has taken over a server-rendered page: its boot script (pwa/boot.ts) marks `<html
 * data-app="starting">` and the app 'ready' (pwa/main.tsx). No wait where the boot script never ran: a page that is
 * not server-rendered (the app shell starts from index.html's own script), or JavaScript turned off.
 */
export async function waitForApp(page: Page): Promise<void> {
  if ((await page.locator('html[data-app="starting"]').count()) === 0) return;
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
}

/** Opens a small Knex pool on the e2e database, for checking rows after a flow. Destroy it when done. */
export function openE2eDb(): Knex {
  return createDb(e2eDatabaseUrl(), { poolMax: 2 });
}

let navigationWaitsForApp = false;

/**
 * Makes `goto` and `reload` of every page of this worker (the fixture's, and the pages of contexts a test opens itself)
 * return only once the app has taken a server-rendered page over (waitForApp): such a page shows before its script
 * runs (pwa/boot.ts loads it after the first paint), and a click before that would do nothing.
 */
function waitForAppAfterNavigation(page: Page): void {
  if (navigationWaitsForApp) return;
  navigationWaitsForApp = true;
  const proto = Object.getPrototypeOf(page) as Record<'goto' | 'reload', (this: Page, ...args: unknown[]) => ReturnType<Page['goto']>>;
  for (const method of ['goto', 'reload'] as const) {
    const navigate = proto[method];
    proto[method] = async function (this: Page, ...args: unknown[]) {
      const response = await navigate.apply(this, args);
      await waitForApp(this);
      return response;
    };
  }
}

/**
 * `test` with a worker-scoped `db` fixture (one pool per worker, closed at the end); page navigations wait for the app
 * (waitForAppAfterNavigation).
 */
export const test = base.extend<{ appReadyAfterNavigation: undefined }, { db: Knex }>({
  appReadyAfterNavigation: [
    async ({ page }, use) => {
      waitForAppAfterNavigation(page);
      await use(undefined);
    },
    { auto: true },
  ],
  db: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const db = openE2eDb();
      await use(db);
      await db.destroy();
    },
    { scope: 'worker' },
  ],
});
export { expect } from '@playwright/test';

export interface WineRow {
  id: string;
  name: string;
  price: number;
  vintage: number | null;
  sweetness: number | null;
  acidity: number | null;
  body: number | null;
  tannins: number | null;
  fruity: number | null;
  food_pairings: string[];
  systembolaget_url: string | null;
}

/** Approved wines of a category that are still sold (not 'Utgått'), as the public lists count them. */
export async function approvedWinesOf(db: Knex, category: 'FYND' | 'NYLANSERAD' | 'FOLKETS_VAL'): Promise<WineRow[]> {
  return db('wines').where({ approval_status: 'approved' }).whereNull('discontinued_on').whereRaw('? = any(categories)', [category]).select('*');
}

/** This month's slider (Swedish time) in position order, with each wine's name. */
export async function currentSlider(db: Knex): Promise<{ position: number; label: string; wine_id: string; name: string }[]> {
  const { year, month } = stockholmYearMonth();
  return db('slider_entries as s')
    .join('wines as w', 'w.id', 's.wine_id')
    .where({ 's.year': year, 's.month': month, 'w.approval_status': 'approved' })
    .orderBy('s.position')
    .select('s.position', 's.label', 's.wine_id', 'w.name');
}

/**
 * A real red wine in a 750 ml bottle, still sold, 100–150 kr, with body, acidity and tannins known (the first by
 * product number): the data has many wines of its type and price per litre, so 'Liknande viner' lists a full six.
 */
export async function redWineWithTasteProfile(db: Knex): Promise<WineRow & { volume_ml: number | null }> {
  return db('wines')
    .where({ approval_status: 'approved', wine_type: 'Rött vin', volume_ml: 750 })
    .whereNull('discontinued_on')
    .whereNotNull('body')
    .whereNotNull('acidity')
    .whereNotNull('tannins')
    .whereBetween('price', [100, 150])
    .orderBy('product_number')
    .first('*');
}

/** One approved wine by id. */
export async function wineById(db: Knex, id: string): Promise<WineRow | undefined> {
  return db('wines').where({ id, approval_status: 'approved' }).first('*');
}

/** Newsletter rows with this address, in any letter case. */
export async function subscribersWithEmail(db: Knex, email: string): Promise<{ email: string; phone: string }[]> {
  return db('newsletter_subscribers').whereRaw('lower(email) = lower(?)', [email]).select('email', 'phone');
}

/** The name a card or the detail page shows: name, then the vintage unless the name has it (spec 000 §2 'Wine card'). */
export function titleOf(wine: Pick<WineRow, 'name' | 'vintage'>): string {
  return wine.vintage && !wine.name.includes(String(wine.vintage)) ? `${wine.name} ${wine.vintage}` : wine.name;
}

/** A price as shown: whole kronor 'N kr', else with 2 decimals, sv-SE ('129,50 kr', '1 299 kr'; spec 000 §3 'Wine'). */
export function priceText(price: number): string {
  const decimals = Number.isInteger(price) ? 0 : 2;
  return `${price.toLocaleString('sv-SE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })} kr`;
}
