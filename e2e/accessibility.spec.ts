import AxeBuilder from '@axe-core/playwright';
import { approvedWinesOf, expect, test } from './support/db';

// WCAG 2.1 A and AA (contrast included), as axe-core checks them, on every public page at both widths.
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every public page passes axe-core WCAG 2.1 AA', async ({ page, db }) => {
      const [wine] = await approvedWinesOf(db, 'NYLANSERAD');
      const paths = ['/', '/fynd', '/aktuella-viner', '/folkets-val', `/wine/${wine!.id}`, '/recept', '/om-oss', '/medals', '/no-such-page'];
      const problems: string[] = [];

      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
        for (const v of violations) problems.push(`${path}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }

      expect(problems).toEqual([]);
    });
  });
}
