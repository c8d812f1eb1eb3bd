import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminWineForm, AdminWinesTab, ConfirmDeleteDialog } from './pages/admin-wines';
import { SiteLayout } from './pages/site-layout';
import { WineDetailPage } from './pages/wine-detail-page';
import { expect, test } from './support/db';
import { currentSwedishYear } from '../api/contract/admin-wines';
import { tinyPng } from '../api/routes/images/test-images';

// The admin's wine work end to end (spec 001 §2 'Wines tab', §5, §8): add a wine with an uploaded
// photo through the form, see it on the public site with the photo served from /api/images/…, change its
// price, delete it — checked in the browser, in Postgres and on the public page a visitor opens.
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const IMAGE_URL = /^\/api\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe('admin wines', () => {
  test('add with an image → public page shows it → edit the price → delete after confirming → gone everywhere', async ({
    page,
    browser,
    db,
  }, testInfo) => {
    // One long story with a second browser: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(60_000);
    const name = unique('E2E Testvin');
    const title = `${name} ${currentSwedishYear()}`;
    const layout = new SiteLayout(page);
    const tab = new AdminWinesTab(page);
    const form = new AdminWineForm(page);

    await signInAsAdmin(page);
    await new AdminPanel(page).tab('Viner').click();
    await expect(page).toHaveURL(/[?&]tab=wines/);

    // Add: the required fields, the category FYND and a real PNG (a colour of its own, so it is a new image).
    await tab.addButton().click();
    await expect(form.field('Namn')).toBeVisible();
    await form.field('Namn').fill(name);
    await form.field('Beskrivning').fill('Mörka körsbär, viol och en lång, stram avslutning.');
    await form.field('Pris').fill('129 kr');
    await form.checkbox('Fynd').check();
    const rgb: [number, number, number] = [Math.floor(Math.random() * 256), Math.floor(Math.random() * 256), 40];
    await form.imageInput().setInputFiles({ name: 'flaska.png', mimeType: 'image/png', buffer: tinyPng(30, 40, rgb) });
    await expect(form.changeImageButton()).toBeVisible();
    await expect(form.imagePreview()).toHaveAttribute('src', IMAGE_URL);
    await form.saveButton().click();

    await expect(layout.toast('Vin tillagt')).toBeVisible();
    await expect(form.field('Namn')).toBeHidden();
    await expect(tab.card(title)).toBeVisible();

    const row = await db('wines')
      .where({ name })
      .first('id', 'price', 'image_url', 'source', 'approval_status', 'rating', 'producer_rating', 'vintage');
    expect(row).toMatchObject({ source: 'admin', approval_status: 'approved', vintage: currentSwedishYear() });
    expect(Number(row.price)).toBe(129);
    // The form's rating is the wine's own; Folkets betyg (rating) comes only from member reviews.
    expect(Number(row.producer_rating)).toBe(4);
    expect(row.rating).toBeNull();
    expect(row.image_url).toMatch(IMAGE_URL);
    expect(await db('wines').where({ id: row.id }).whereRaw("'FYND' = any(categories)").first('id')).toBeTruthy();
    const image = await db('images')
      .where({ id: String(row.image_url).split('/').pop() })
      .first('content_type', 'width', 'height');
    expect(image).toMatchObject({ content_type: 'image/png', width: 30, height: 40 });

    // The public FYND list has it (asked by id: the list itself is long and sorted by price per litre).
    const fynd = await page.request.get(`/api/wines?category=FYND&ids=${row.id}`);
    expect(((await fynd.json()) as { items: { id: string }[] }).items.map((w) => w.id)).toEqual([row.id]);

    // A visitor (a browser of their own, nothing cached) opens the wine: name, price and the uploaded photo.
    const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const visitor = await visitorContext.newPage();
    const detail = new WineDetailPage(visitor);
    const imageResponse = visitor.waitForResponse((res) => res.url().endsWith(row.image_url));
    await detail.goto(row.id);
    await expect(detail.title()).toHaveText(title);
    await expect(detail.text('129 kr').first()).toBeVisible();
    const served = await imageResponse;
    expect(served.status()).toBe(200);
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers()['content-type']).toBe('image/png');
    const picture = visitor.getByRole('main').locator(`img[src="${row.image_url}"]`);
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(30);

    // Edit the price in free text; the visitor sees the new one.
    await tab.editButton(title).click();
    await expect(form.field('Pris')).toHaveValue('129');
    await expect(form.checkbox('Fynd')).toBeChecked();
    await form.field('Pris').fill('149,50 kr');
    await form.saveButton().click();
    await expect(layout.toast('Vin uppdaterat')).toBeVisible();
    await expect(tab.card(title)).toContainText('149,50 kr');
    expect(Number((await db('wines').where({ id: row.id }).first('price')).price)).toBe(149.5);
    expect((await db('wines').where({ id: row.id }).first('image_url')).image_url).toBe(row.image_url);

    await detail.goto(row.id);
    await expect(detail.text('149,50 kr').first()).toBeVisible();

    // Delete: the question names the wine; cancelling keeps it, confirming removes it.
    const confirm = new ConfirmDeleteDialog(page);
    await tab.deleteButton(title).click();
    await expect(confirm.dialog()).toContainText(`Är du säker på att du vill ta bort "${name}"?`);
    await confirm.cancelButton().click();
    await expect(confirm.cancelButton()).toBeHidden();
    await expect(tab.card(title)).toBeVisible();

    await tab.deleteButton(title).click();
    await confirm.confirmButton().click();
    await expect(layout.toast('Vin borttaget')).toBeVisible();
    await expect(tab.card(title)).toBeHidden();
    expect(await db('wines').where({ id: row.id }).first('id')).toBeUndefined();

    await tab.search().fill(name);
    await expect(tab.emptyText()).toBeVisible();

    await detail.goto(row.id);
    await expect(detail.notFoundHeading()).toBeVisible();
    await visitorContext.close();
  });
});
