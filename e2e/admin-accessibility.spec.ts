import { AdminPanel, signInAsAdmin } from './pages/admin';
import { expect, test } from './support/db';
import { axeFindings } from './support/axe';

// WCAG 2.1 A and AA (contrast included), as axe-core checks them, on every tab of the admin panel and on the
// legacy and debug pages, at both widths, signed in as the e2e admin.
const TABS = ['Översikt', 'Viner', 'Partnergranskning', 'Användare', 'Recensioner', 'Innehåll', 'Nyhetsbrev'] as const;

for (const width of [375, 1280]) {
  test.describe(`admin accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every admin tab, /admin-new and /admin-debug pass axe-core WCAG 2.1 AA', async ({ page }) => {
      // Nine axe runs in one test: more than the default 30 s on a busy 2-core machine.
      test.setTimeout(120_000);
      await signInAsAdmin(page);
      const panel = new AdminPanel(page);
      const found: string[] = [];
      for (const name of TABS) {
        await panel.tab(name).click();
        await expect(panel.tab(name)).toHaveAttribute('aria-selected', 'true');
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        found.push(...(await axeFindings(page, { label: name })));
      }
      for (const path of ['/admin-new', '/admin-debug']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        found.push(...(await axeFindings(page, { label: path })));
      }
      expect(found).toEqual([]);
    });
  });
}
