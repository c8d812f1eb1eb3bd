import { expect, test } from './support/factories';
import { axeFindings } from './support/axe';

// WCAG 2.1 A and AA (contrast included), as axe-core checks them, on every public page at both widths.
const PAGES = ['/', '/fynd', '/aktuella-viner', '/folkets-val', 'a wine', '/recept', '/om-oss', '/medals', '/no-such-page', '/admin-login'];

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const name of PAGES) {
      test(`${name} passes axe-core WCAG 2.1 AA`, async ({ page, make }) => {
        // 'a wine': one of the test's own, with every part of the page filled (taste profile, pairings, a buy link).
        const path =
          name === 'a wine'
            ? `/wine/${(await make.wine({ categories: ['NYLANSERAD'], systembolagetUrl: 'https://www.systembolaget.se/produkt/vin/e2e-1/' })).id}`
            : name;
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        if (path === '/') {
          // The newsletter form loads when its place comes near the viewport (pwa/app/home-newsletter.tsx): brought in
          // here, so that axe checks it too.
          await page.locator('#nyhetsbrev').scrollIntoViewIfNeeded();
          await expect(page.getByRole('heading', { name: 'Håll dig uppdaterad' })).toBeVisible();
        }
        if (name === 'a wine') {
          // 'Liknande viner' loads when its place comes near the viewport (pwa/features/wines/similar-wines.tsx): brought
          // in here, so that axe checks it too (this wine has no type, so the section says it has none).
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          const similar = page.getByRole('region', { name: 'LIKNANDE VINER' });
          await expect(
            similar
              .getByRole('listitem')
              .first()
              .or(similar.getByText('Inga liknande viner', { exact: false })),
          ).toBeVisible();
        }

        expect(await axeFindings(page)).toEqual([]);
      });
    }
  });
}
