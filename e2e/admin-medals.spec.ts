import { signInAsAdmin } from './pages/admin';
import { LegacyAdminPage, MedalDesignsAdmin, MedalsDownloads } from './pages/admin-dashboard';
import { expect, test } from './support/db';

// Medaljhantering (spec 001 §2) → the design in Postgres → the public /medals page (spec 000 §2) offers it as SVG.
const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

test.describe('medal designs', () => {
  test('a design created in Medaljhantering is stored and downloadable from /medals', async ({ page, db }) => {
    const tag = suffix();
    const name = `Årets vin ${tag}`;
    const id = `arets-vin-${tag}`;

    await signInAsAdmin(page);
    await page.goto('/admin-new');
    await new LegacyAdminPage(page).tab('Medaljer').click();
    const medals = new MedalDesignsAdmin(page);
    await expect(medals.heading()).toBeVisible();
    await medals.newButton().click();
    await medals.field('Namn').fill(name);
    await expect(medals.dialog()).toContainText(`"${id}"`); // the id the name gives
    await medals.field('Kategori').selectOption('FOLKETS_VAL');
    await medals.submit().click();

    const card = medals.card(name);
    await expect(card).toBeVisible();
    await expect(card).toContainText(id);
    await expect(card.getByRole('img', { name: `Medaljen ${name}` })).toHaveJSProperty('complete', true);
    expect(await card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await db('medal_designs').where({ id }).first('name', 'category')).toEqual({ name, category: 'FOLKETS_VAL' });

    // A taken id is refused on its field.
    await medals.newButton().click();
    await medals.field('Namn').fill('Dubblett');
    await medals.field('Id').fill(id);
    await medals.submit().click();
    await expect(medals.field('Id')).toHaveAttribute('aria-invalid', 'true');
    await expect(medals.dialog()).toContainText('Det finns redan en medalj med det id:t.');
    await medals.dialog().getByRole('button', { name: 'Avbryt' }).click();

    await page.goto('/medals');
    const downloads = new MedalsDownloads(page);
    const link = downloads.downloadLink(name);
    await expect(link).toHaveAttribute('href', `/api/medal-designs/${id}.svg`);
    await expect(link).toHaveAttribute('download', `vinpressen-${id}.svg`);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`vinpressen-${id}.svg`);
    const res = await page.request.get(`/api/medal-designs/${id}.svg`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toContain(name);
  });
});
