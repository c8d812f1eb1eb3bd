import { expect, type Locator, type Page } from '@playwright/test';

// /viner, 'Hitta ett vin' (docs/catalogue.md), for the catalogue's specs at either width: the filters are a sidebar
// from 1024 px and a dialog, opened by 'Filtrera', below it. The helpers that differ by width take it as an argument.

/** 'N viner' / '1 vin' above the results (N as Swedes write it, 1 137). */
export const countHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^[\d\s\u00a0]+ (viner|vin)$/ });

/** 'N viner' / '1 vin' for `n`, as the count line and the dialog's 'Visa N viner' write it. */
export const winesCount = (n: number) => (n === 1 ? '1 vin' : `${n.toLocaleString('sv-SE')} viner`);

/** The results' cards. */
export const cards = (page: Page) => page.getByRole('main').getByRole('article');

/** The filters' sidebar (shown from 1024 px). */
export const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Filtrera' });

/** The phone's filter dialog. */
const filterDialog = (page: Page) => page.getByRole('dialog', { name: 'Filtrera' });

/** A filter's checkbox in `scope` (the sidebar or the phone's dialog); its name ends with '(N viner)'. */
export const choice = (scope: Locator, label: string) => scope.getByRole('checkbox', { name: new RegExp(`^${label} \\(`) });

/** N of a choice's '(N viner)': how many wines choosing it would leave. */
export async function choiceCount(box: Locator): Promise<number> {
  const text = await box.locator('xpath=ancestor::label').textContent();
  return Number(/\(([\d\s\u00a0]+) vin/.exec(text ?? '')?.[1]?.replace(/\D/g, '') ?? Number.NaN);
}

/** Where the filters are at `width`: the sidebar from 1024 px; below, the dialog, opened by 'Filtrera'. */
export async function openFilters(page: Page, width: number): Promise<Locator> {
  if (width >= 1024) return sidebar(page);
  await page.getByRole('button', { name: /^Filtrera/ }).click();
  const dialog = filterDialog(page);
  // The dialog's own element has no size (its sheet is fixed-position): its title shows it is open.
  await expect(dialog.getByRole('heading', { name: 'Filtrera' })).toBeVisible();
  return dialog;
}

/**
 * Waits, with the filters open, until the search answers with `n` wines (until then the previous counts stay shown):
 * the count line beside the sidebar; on a phone the dialog's 'Visa N viner' (the page behind it is hidden from readers).
 */
export async function expectFilteredCount(page: Page, width: number, n: number): Promise<void> {
  if (width >= 1024) await expect(countHeading(page)).toHaveText(winesCount(n));
  else await expect(filterDialog(page).getByRole('button', { name: `Visa ${winesCount(n)}` })).toBeVisible();
}

/**
 * Done choosing: `chosen` boxes are ticked. On a phone 'Visa N viner' (N the wines they leave) closes the dialog and
 * 'Filtrera (chosen)' tells how many filters are on; the sidebar simply stays.
 */
export async function closeFilters(page: Page, width: number, n: number, chosen: number): Promise<void> {
  const filters = width >= 1024 ? sidebar(page) : filterDialog(page);
  await expect(filters.getByRole('checkbox', { checked: true })).toHaveCount(chosen);
  if (width >= 1024) return;
  await filters.getByRole('button', { name: `Visa ${winesCount(n)}` }).click();
  // Gone, not just hidden: Playwright never finds the dialog's element visible (no size); a closed one unmounts.
  await expect(filters).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Filtrera (${chosen})` })).toBeVisible();
}
