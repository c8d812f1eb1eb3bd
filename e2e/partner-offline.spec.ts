import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { PartnerDashboard, PartnerLoginPage, PartnerSubmitPage, PartnerWineForm } from './pages/partner';
import { RecipesPage } from './pages/recipes-page';
import { WineListPage } from './pages/wine-list-page';
import { expect, test } from './support/db';
import {
  appliedMutationsOf,
  applyThen503,
  createPartner,
  draftsOf,
  holdSync,
  installFullDiskSwitch,
  insertDraftWine,
  loseAnswer,
  NetworkSwitch,
  outboxOf,
  PARTNER_PASSWORD,
  proxy503,
  setDiskFull,
  signInByApi,
  unique,
  waitForServiceWorkerControl,
  winesOwnedBy,
  type TestPartner,
  waitForDeviceCopies,
} from './support/partner-offline';

// Offline partner drafts in a real Chromium against the real server (README 'Offline
// drafts'): the twelve scenarios, each checking the rows in Postgres — one wine per created draft, one
// applied_mutations row per mutation, nothing under the wrong account. The network is cut with setOffline (so
// navigator.onLine and the online/offline events follow) AND by aborting every /api/ request, which also stops the
// service worker's own requests (setOffline alone does not: playwright#2311). Every POST /api/partner/sync is recorded.

// ---------------------------------------------------------------------------------------------------------------
// The portal's sync screens (locators only)

/** The header's status pill (a link to /partner/sync). */
const pill = (page: Page) => page.getByTestId('sync-pill');
/** A toast's title (sonner). */
const toastTitled = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
/** The Synkning page's conflict table of one wine. */
const conflictOf = (page: Page, wineId: string) => page.locator(`section#wine-${wineId}`);
/** The outbox rows on /partner/sync. */
const outboxRows = (page: Page) => page.getByTestId('outbox-row');

/** The built PWA the e2e server serves (as e2e/support/start-server.ts finds it). */
const STATIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', process.env.E2E_STATIC_DIR ?? 'dist/pwa');

/** The pill's text as read (a screen reader hears 'Synkstatus: ' first). */
const says = (text: string) => `Synkstatus: ${text}`;
/** 'Allt synkat hh:mm' (24 h). */
const SYNCED = /^Synkstatus: Allt synkat \d{2}:\d{2}$/;
/** 'Allt synkat', without a time on a device that has never had an answer from the server. */
const NOTHING_WAITING = /^Synkstatus: Allt synkat( \d{2}:\d{2})?$/;

/**
 * Signs in through the API and opens Mina viner online. With `serviceWorker`, waits until the service worker controls
 * the page (the app shell precached: pages open offline); without one (service workers blocked), opens the wine form
 * once and comes back, so its lazily loaded code is in the page before the network goes away.
 */
async function openPortal(
  page: Page,
  partner: TestPartner,
  baseURL: string,
  { serviceWorker }: { serviceWorker: boolean },
): Promise<PartnerDashboard> {
  await signInByApi(page, partner, baseURL);
  await page.goto('/partner?tab=mina-viner');
  const dashboard = new PartnerDashboard(page);
  await expect(dashboard.tab('Mina viner')).toHaveAttribute('aria-selected', 'true');
  if (serviceWorker) {
    await waitForServiceWorkerControl(page);
  } else {
    await loadWineFormCode(page);
  }
  await expect(pill(page)).toBeVisible();
  return dashboard;
}

/** Opens the wine form from Mina viner and cancels (its code is loaded lazily), back on Mina viner. */
async function loadWineFormCode(page: Page) {
  const dashboard = new PartnerDashboard(page);
  await dashboard.addWine().click();
  await new PartnerWineForm(page).cancel().click();
  await dashboard.tab('Mina viner').click();
  await expect(dashboard.tab('Mina viner')).toHaveAttribute('aria-selected', 'true');
}

interface WineFields {
  name?: string;
  description?: string;
  price?: string;
  region?: string;
}

const FIELD_LABELS: Record<keyof WineFields, string> = { name: 'Vinnamn', description: 'Beskrivning', price: 'Pris (kr)', region: 'Region' };

async function fill(form: PartnerWineForm, fields: WineFields) {
  for (const [key, value] of Object.entries(fields) as [keyof WineFields, string | undefined][]) {
    if (value !== undefined) await form.field(FIELD_LABELS[key]).fill(value);
  }
}

/** From Mina viner: 'Lägg till vin', fill, 'Spara som utkast', back on Mina viner (client-side: works offline). */
async function createWine(page: Page, fields: Required<Pick<WineFields, 'name' | 'description' | 'price'>> & WineFields) {
  await new PartnerDashboard(page).addWine().click();
  await page.waitForURL('**/partner/wines/new');
  const form = new PartnerWineForm(page);
  await fill(form, fields);
  await form.save().click();
  await page.waitForURL((url) => url.pathname === '/partner');
}

/** From Mina viner: 'Redigera <name>', change `fields`, 'Uppdatera vin', back on Mina viner. */
async function editWine(page: Page, name: string, fields: WineFields) {
  await new PartnerDashboard(page)
    .wineCard(name)
    .getByRole('link', { name: `Redigera ${name}` })
    .click();
  await page.waitForURL('**/partner/wines/edit/**');
  const form = new PartnerWineForm(page);
  await expect(form.field('Vinnamn')).toHaveValue(name);
  await fill(form, fields);
  await form.save().click();
  await page.waitForURL((url) => url.pathname === '/partner');
}

/** Waits until the device's outbox holds no row of `userId` (every change answered). */
async function expectOutboxEmpty(page: Page) {
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 20_000 }).toBe(0);
}

/** No mutation id was sent twice (a resend after a lost answer is checked separately). */
function expectEachSentOnce(net: NetworkSwitch, ids: string[]) {
  const sent = net.sentMutationIds();
  for (const id of ids)
    expect(
      sent.filter((s) => s === id),
      `mutation ${id} sent`,
    ).toHaveLength(1);
}

// ---------------------------------------------------------------------------------------------------------------

// Each scenario takes 5–15 s on an idle machine; the shared CI machines are several times slower at times.
test.describe.configure({ timeout: 60_000 });

// Queue tests: service workers blocked, so no request can pass the network switch (playwright#2311) and no time goes
// into precaching; each test opens the lazily loaded wine form once while online.
test.describe('offline partner drafts (service workers blocked)', () => {
  test.use({ serviceWorkers: 'block' });
  let net: NetworkSwitch;
  test.beforeEach(async ({ context }) => {
    net = await NetworkSwitch.on(context);
  });

  test('2 · a lost acknowledgement is retried without doubling anything', async ({ page, db, baseURL }) => {
    const partner = await createPartner(db, 'kvitto');
    await openPortal(page, partner, baseURL!, { serviceWorker: false });
    const name = `Kvittovinet ${unique('')}`;

    await net.goOffline();
    await createWine(page, { name, description: 'Svaret på första försöket kommer aldrig fram.', price: '99' });
    await editWine(page, name, { price: '109' });
    const queued = await outboxOf(page);
    expect(queued).toHaveLength(2);

    // The server applies the batch, the answer is lost on the way back; the device sends the same ids again.
    net.next(loseAnswer);
    await net.goOnline();
    await expectOutboxEmpty(page);
    await expect(pill(page)).toHaveText(SYNCED);

    const ids = queued.map((r) => r.mutationId);
    expect(net.syncCalls.map((c) => c.body.mutations.map((m) => m.mutationId))).toEqual([ids, ids]);
    expect(net.syncCalls[0]!.outcome).toBe('aborted');
    const wines = await winesOwnedBy(db, partner.id);
    expect(wines).toHaveLength(1);
    expect(wines[0]).toMatchObject({ id: queued[0]!.entityId, name, price: 109 });
    const applied = await appliedMutationsOf(db, partner.id);
    expect(applied.map((a) => a.mutation_id).sort()).toEqual([...ids].sort());
    expect(applied.every((a) => a.status === 'applied')).toBe(true);
    // Applied once: the create made version 1, the edit version 2 — the replay changed nothing.
    expect(wines[0]!.version).toBe(applied.at(-1)!.result.version);
  });

  test('5 · two tabs edit offline; back online each change is sent once and never two syncs at a time', async ({ page, context, db, baseURL }) => {
    const partner = await createPartner(db, 'flikar');
    const first = await insertDraftWine(db, partner.id, { name: `Första fliken ${unique('')}`, price: 120 });
    const second = await insertDraftWine(db, partner.id, { name: `Andra fliken ${unique('')}`, price: 130 });
    const names = (await winesOwnedBy(db, partner.id)).map((w) => w.name);
    await openPortal(page, partner, baseURL!, { serviceWorker: false });
    const other = await context.newPage();
    await other.goto('/partner?tab=mina-viner');
    await expect(new PartnerDashboard(other).wineCard(names[1]!)).toBeVisible();
    await loadWineFormCode(other);

    await net.goOffline();
    await editWine(page, names[0]!, { price: '125' });
    await editWine(other, names[1]!, { price: '135' });
    const queued = await outboxOf(page);
    expect(queued).toHaveLength(2);

    // Each sync answer takes a while, so a second tab pushing at the same time would overlap it.
    net.delayMs = 400;
    await net.goOnline();
    await expectOutboxEmpty(page);
    await expect(pill(other)).toHaveText(SYNCED);
    expect(net.maxConcurrentSyncs).toBe(1);
    expectEachSentOnce(
      net,
      queued.map((r) => r.mutationId),
    );
    expect(await db('wines').whereIn('id', [first.id, second.id]).orderBy('price').pluck('price')).toEqual([125, 135]);
    expect(await appliedMutationsOf(db, partner.id)).toHaveLength(2);
  });

  test('6a · a session that ended offline asks to sign in, and the same partner signing in sends the queue', async ({ page, db, baseURL }) => {
    const partner = await createPartner(db, 'session');
    const wine = await insertDraftWine(db, partner.id, { name: `Sessionsvinet ${unique('')}`, price: 100 });
    const { name } = (await db('wines').where({ id: wine.id }).first()) as { name: string };
    await openPortal(page, partner, baseURL!, { serviceWorker: false });

    await net.goOffline();
    await db('sessions').where({ user_id: partner.id }).delete();
    await editWine(page, name, { price: '111' });
    await net.goOnline();
    await expect(pill(page)).toHaveText(says('Logga in för att synka (1)'));
    expect((await outboxOf(page)).map((r) => r.status)).toEqual(['blocked_auth']);
    expect(await db('wines').where({ id: wine.id }).first('price')).toEqual({ price: 100 });

    const login = new PartnerLoginPage(page);
    await login.goto();
    await login.signIn(partner.email, PARTNER_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/partner');
    await expectOutboxEmpty(page);
    await expect(pill(page)).toHaveText(SYNCED);
    expect(await db('wines').where({ id: wine.id }).first('price')).toEqual({ price: 111 });
    const applied = await appliedMutationsOf(db, partner.id);
    expect(applied.map((a) => a.status)).toEqual(['applied']);
  });

  test("6b · another partner signing in: the first one's changes are set aside, never sent, and exported", async ({ page, db, baseURL }) => {
    const first = await createPartner(db, 'forsta');
    const second = await createPartner(db, 'andra');
    const wine = await insertDraftWine(db, first.id, { name: `Förstas vin ${unique('')}`, price: 100 });
    const { name } = (await db('wines').where({ id: wine.id }).first()) as { name: string };
    const newName = `Förstas nya vin ${unique('')}`;
    await openPortal(page, first, baseURL!, { serviceWorker: false });

    await net.goOffline();
    await db('sessions').where({ user_id: first.id }).delete();
    await editWine(page, name, { price: '222' });
    await createWine(page, { name: newName, description: 'Skapat av den första partnern.', price: '180' });
    const queued = await outboxOf(page);
    expect(queued).toHaveLength(2);
    await net.goOnline();
    await expect(pill(page)).toHaveText(says('Logga in för att synka (2)'));
    const callsBefore = net.syncCalls.length;

    const login = new PartnerLoginPage(page);
    await login.goto();
    await login.signIn(second.email, PARTNER_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/partner');
    await expect(pill(page)).toHaveText(NOTHING_WAITING);
    await expect.poll(async () => (await outboxOf(page)).map((r) => r.status)).toEqual(['set_aside', 'set_aside']);

    // Nothing went under the second account: no request carried the rows, no wine, no applied mutation.
    const sentLater = net.syncCalls.slice(callsBefore).flatMap((c) => c.body.mutations.map((m) => m.mutationId));
    expect(sentLater.filter((id) => queued.some((r) => r.mutationId === id))).toEqual([]);
    expect(await winesOwnedBy(db, second.id)).toEqual([]);
    expect(await db('wines').where({ id: queued[1]!.entityId }).first()).toBeUndefined();
    expect(await appliedMutationsOf(db, second.id)).toEqual([]);
    expect(await db('wines').where({ id: wine.id }).first('price')).toEqual({ price: 100 });

    await pill(page).click();
    await page.waitForURL('**/partner/sync');
    await expect(page.getByRole('heading', { name: 'Synkning', level: 1 })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportera (2)' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      rows: { mutationId: string; userId: string }[];
      drafts: { values: { name: string } }[];
    };
    expect(exported.rows.map((r) => r.mutationId)).toEqual(queued.map((r) => r.mutationId));
    expect(exported.rows.every((r) => r.userId === first.id)).toBe(true);
    expect(exported.drafts.map((d) => d.values.name).sort()).toEqual([name, newName].sort());
  });

  test('7 · the same field changed on two devices is a conflict settled per field; different fields merge silently', async ({
    page,
    db,
    baseURL,
  }) => {
    const partner = await createPartner(db, 'konflikt');
    const wine = await insertDraftWine(db, partner.id, {
      name: `Konfliktvinet ${unique('')}`,
      price: 129,
      region: 'Skåne',
      description: 'Beskrivningen från början.',
    });
    const { name } = (await db('wines').where({ id: wine.id }).first()) as { name: string };
    const serverName = `${name} (Vinpressen)`;
    const dashboard = await openPortal(page, partner, baseURL!, { serviceWorker: false });
    await expect(dashboard.wineCard(name)).toBeVisible();

    // The device changes name, price and region; elsewhere (the server) name, price and description change.
    await net.goOffline();
    await editWine(page, name, { name: `${name} (enheten)`, price: '199', region: 'Gotland' });
    await db('wines').where({ id: wine.id }).update({ name: serverName, price: 149, description: 'Beskrivningen från Vinpressen.' });
    await net.goOnline();

    await expect(pill(page)).toHaveText(says('Konflikter (1)'));
    const afterPush = await db('wines').where({ id: wine.id }).first();
    // The server kept its values of the fields changed on both sides and merged the rest.
    expect(afterPush).toMatchObject({ name: serverName, price: 149, region: 'Gotland', description: 'Beskrivningen från Vinpressen.' });
    const [conflict] = await appliedMutationsOf(db, partner.id);
    expect(conflict!.status).toBe('conflict');
    expect(conflict!.result.conflicts!.map((c) => c.field).sort()).toEqual(['name', 'price']);

    await pill(page).click();
    await page.waitForURL('**/partner/sync');
    const table = conflictOf(page, wine.id);
    await expect(table.getByRole('row', { name: /Pris \(kr\)/ })).toContainText('199 kr');
    await expect(table.getByRole('row', { name: /Pris \(kr\)/ })).toContainText('149 kr');
    await expect(table.getByRole('row', { name: /Vinnamn/ })).toContainText(serverName);
    await table.getByRole('radio', { name: /Behåll min för Pris \(kr\)/ }).check();
    await table.getByRole('radio', { name: /Använd Vinpressens för Vinnamn/ }).check();
    await table.getByRole('button', { name: /Spara val/ }).click();

    await expect(pill(page)).toHaveText(SYNCED);
    await expectOutboxEmpty(page);
    expect(await db('wines').where({ id: wine.id }).first()).toMatchObject({
      name: serverName,
      price: 199,
      region: 'Gotland',
      description: 'Beskrivningen från Vinpressen.',
    });
    const applied = await appliedMutationsOf(db, partner.id);
    expect(applied.map((a) => a.status)).toEqual(['conflict', 'applied']);
    // The choice went as a new mutation on the version the conflict answered with.
    expect(applied[1]!.result.version).toBe((await db('wines').where({ id: wine.id }).first('version')).version);
    expect(applied[1]!.result.version).toBeGreaterThan(applied[0]!.result.version!);
  });

  test('8 · an edit rejected because the wine left draft does not block the other wines, and shows why', async ({ page, db, baseURL }) => {
    const partner = await createPartner(db, 'avvisad');
    const locked = await insertDraftWine(db, partner.id, { name: `Inskickat vin ${unique('')}`, price: 100 });
    const open = await insertDraftWine(db, partner.id, { name: `Öppet vin ${unique('')}`, price: 200 });
    const [lockedName, openName] = await Promise.all(
      [locked, open].map(async (w) => ((await db('wines').where({ id: w.id }).first()) as { name: string }).name),
    );
    const dashboard = await openPortal(page, partner, baseURL!, { serviceWorker: false });

    await net.goOffline();
    await editWine(page, lockedName!, { price: '101' });
    await editWine(page, openName!, { price: '201' });
    // Meanwhile the wine was submitted from another device.
    await db('wines').where({ id: locked.id }).update({ approval_status: 'pending', submitted_at: db.fn.now() });
    await net.goOnline();

    const lockedCard = dashboard.wineCard(lockedName!);
    await expect(lockedCard.getByTestId('draft-sync-badge')).toContainText('Ändringen avvisades');
    await expect(lockedCard.getByTestId('draft-sync-badge')).toContainText('Vinet kan inte ändras medan det granskas');
    await expect(dashboard.wineCard(openName!).getByTestId('draft-sync-badge')).toHaveCount(0);
    expect(await db('wines').where({ id: open.id }).first('price')).toEqual({ price: 201 });
    expect(await db('wines').where({ id: locked.id }).first('price', 'approval_status')).toEqual({ price: 100, approval_status: 'pending' });
    const applied = await appliedMutationsOf(db, partner.id);
    expect(applied.map((a) => [a.wine_id, a.status])).toEqual([
      [locked.id, 'rejected'],
      [open.id, 'applied'],
    ]);

    // The Synkning page lists the rejected change with its reason; discarding it needs a confirmation.
    await page.goto('/partner/sync');
    await expect(outboxRows(page)).toHaveCount(1);
    await expect(outboxRows(page)).toContainText('Vinet kan inte ändras medan det granskas');
    await expect(outboxRows(page).getByRole('button', { name: /^Försök igen/ })).toBeVisible();
    await outboxRows(page)
      .getByRole('button', { name: /^Ta bort/ })
      .click();
    await page.getByRole('alertdialog', { name: 'Ta bort ändringen?' }).getByRole('button', { name: 'Ta bort ändringen' }).click();
    await expect(outboxRows(page)).toHaveCount(0);
    await expect(pill(page)).toHaveText(SYNCED);
    expect(await outboxOf(page)).toEqual([]);
  });

  test('13 · a draft deleted offline (375 px) is gone in Postgres and in the list once online; the replay of a lost answer does not error', async ({
    page,
    db,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const partner = await createPartner(db, 'radera');
    const doomed = await insertDraftWine(db, partner.id, { name: `Raderas offline ${unique('')}`, price: 100 });
    const kept = await insertDraftWine(db, partner.id, { name: `Blir kvar ${unique('')}`, price: 200 });
    const [doomedName, keptName] = await Promise.all(
      [doomed, kept].map(async (w) => ((await db('wines').where({ id: w.id }).first()) as { name: string }).name),
    );
    const dashboard = await openPortal(page, partner, baseURL!, { serviceWorker: false });
    await expect(dashboard.wineCard(doomedName!)).toBeVisible();

    await net.goOffline();
    await dashboard
      .wineCard(doomedName!)
      .getByRole('button', { name: `Ta bort ${doomedName}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Ta bort utkastet?' });
    await dialog.getByRole('button', { name: 'Ta bort utkastet' }).click();
    // Gone, not just hidden: the dialog's element has no size, so toBeHidden() passed even while it was open.
    await expect(dialog).toHaveCount(0);
    await expect(dashboard.wineCard(doomedName!)).toHaveCount(0);
    await expect(dashboard.wineCard(keptName!)).toBeVisible();
    await expect(pill(page)).toHaveText(says('Offline'));
    await expect(pill(page)).toHaveAttribute('title', /1 ändring sparade på enheten/);
    const queued = await outboxOf(page);
    expect(queued.map((r) => [r.type, r.entityId, r.status])).toEqual([['deleteWine', doomed.id, 'queued']]);
    expect(await db('wines').where({ id: doomed.id }).first()).toBeDefined();

    // The server deletes it, the answer is lost; the device sends the same mutation id again and the stored result
    // comes back: applied, no error.
    const replayAnswers: unknown[] = [];
    net.next(loseAnswer, async (route, call) => {
      const response = await route.fetch();
      replayAnswers.push(await response.json());
      call.outcome = `fulfilled ${response.status()}`;
      await route.fulfill({ response });
    });
    await net.goOnline();
    await expectOutboxEmpty(page);
    await expect(pill(page)).toHaveText(SYNCED);
    expect(net.syncCalls.map((c) => c.body.mutations.map((m) => m.mutationId))).toEqual([[queued[0]!.mutationId], [queued[0]!.mutationId]]);
    expect(replayAnswers).toEqual([{ results: [{ mutationId: queued[0]!.mutationId, status: 'applied' }] }]);

    expect(await db('wines').where({ id: doomed.id }).first()).toBeUndefined();
    expect(await db('wines').where({ id: kept.id }).first('price')).toEqual({ price: 200 });
    const applied = await appliedMutationsOf(db, partner.id);
    expect(applied.map((a) => [a.type, a.wine_id, a.status])).toEqual([['deleteWine', doomed.id, 'applied']]);

    // Gone from the list for good, also after the list is read again from the server.
    await page.reload();
    await expect(dashboard.wineCard(keptName!)).toBeVisible();
    await expect(dashboard.wineCard(doomedName!)).toHaveCount(0);
    await expect.poll(async () => (await draftsOf(page)).map((d) => d.id)).toEqual([kept.id]);
  });

  test('9 · 503s and slow answers: the change waits, retries with backoff and is applied exactly once', async ({ page, db, baseURL }) => {
    const partner = await createPartner(db, 'flaky');
    const dashboard = await openPortal(page, partner, baseURL!, { serviceWorker: false });
    const name = `Envisa vinet ${unique('')}`;

    // A proxy's 503 before the server; then the server applies it but a 503 replaces the answer; then it passes.
    net.delayMs = 300;
    net.next(proxy503, applyThen503);
    await createWine(page, { name, description: 'Nätet hackar på mässan.', price: '175' });
    await expect(pill(page)).toHaveText(says('Sparat på enheten (1)'));
    await expect(dashboard.wineCard(name).getByTestId('draft-sync-badge')).toHaveText(/Sparat på enheten/);
    await expect(pill(page)).toHaveText(SYNCED, { timeout: 15_000 });

    const ids = net.sentMutationIds();
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(net.syncCalls.map((c) => c.outcome)).toEqual(['fulfilled 503', 'fulfilled 503', 'passed']);
    // Backoff: the second try at least ~1 s after the first answer, the third at least ~2 s after the second.
    expect(net.syncCalls[1]!.startedAt - net.syncCalls[0]!.endedAt!).toBeGreaterThanOrEqual(900);
    expect(net.syncCalls[2]!.startedAt - net.syncCalls[1]!.endedAt!).toBeGreaterThanOrEqual(1900);
    expect(await winesOwnedBy(db, partner.id)).toHaveLength(1);
    expect((await appliedMutationsOf(db, partner.id)).map((a) => [a.mutation_id, a.status])).toEqual([[ids[0], 'applied']]);
  });

  test('12 · a full device blocks the save visibly: nothing saved, nothing sent, the form keeps its values', async ({
    page,
    context,
    db,
    baseURL,
  }) => {
    const partner = await createPartner(db, 'kvot');
    await installFullDiskSwitch(context);
    await openPortal(page, partner, baseURL!, { serviceWorker: false });
    const name = `Fullt vin ${unique('')}`;
    await new PartnerDashboard(page).addWine().click();
    const form = new PartnerWineForm(page);
    await fill(form, { name, description: 'Får inte plats på enheten.', price: '88' });

    await setDiskFull(page, true);
    await form.save().click();
    await expect(toastTitled(page, 'Enheten är full')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/partner/wines/new');
    await expect(form.field('Vinnamn')).toHaveValue(name);
    await expect(form.field('Pris (kr)')).toHaveValue('88');
    expect(await draftsOf(page)).toEqual([]);
    expect(await outboxOf(page)).toEqual([]);
    expect(net.syncCalls).toEqual([]);
    expect(await winesOwnedBy(db, partner.id)).toEqual([]);

    // With room again the same form saves, once.
    await setDiskFull(page, false);
    await form.save().click();
    await page.waitForURL((url) => url.pathname === '/partner');
    await expect(toastTitled(page, 'Vin tillagt')).toBeVisible();
    await expect.poll(async () => (await winesOwnedBy(db, partner.id)).map((w) => w.name)).toEqual([name]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

// With the service worker: pages that open and reload offline, restarts and a new build.
test.describe('offline partner drafts with the service worker', () => {
  test('1 · drafts and the queue survive a reload while offline, then reach the server exactly once', async ({ page, context, db, baseURL }) => {
    const net = await NetworkSwitch.on(context);
    const partner = await createPartner(db, 'reload');
    const dashboard = await openPortal(page, partner, baseURL!, { serviceWorker: true });
    const name = `Offlinevinet ${unique('')}`;

    await net.goOffline();
    await expect(pill(page)).toHaveText(says('Offline'));
    await createWine(page, { name, description: 'Skrivet på provningen utan täckning.', price: '149' });
    await expect(toastTitled(page, 'Sparat på enheten')).toBeVisible();
    await editWine(page, name, { price: '159', region: 'Gotland' });
    await expect(dashboard.wineCard(name).getByTestId('draft-sync-badge')).toHaveText(/Sparat på enheten/);

    await page.reload();
    await expect(dashboard.wineCard(name)).toContainText('159 kr');
    await expect(dashboard.wineCard(name).getByTestId('draft-sync-badge')).toHaveText(/Sparat på enheten/);
    await expect(pill(page)).toHaveText(says('Offline'));
    const queued = await outboxOf(page);
    expect(queued.map((r) => [r.type, r.status])).toEqual([
      ['upsertWine', 'queued'],
      ['upsertWine', 'queued'],
    ]);
    expect(await winesOwnedBy(db, partner.id)).toEqual([]);

    // Signing out with changes waiting asks first (README 'Offline drafts'); the partner stays.
    await dashboard.logout().click();
    const ask = page.getByRole('alertdialog', { name: 'Logga ut?' });
    await expect(ask).toContainText('2 ändringar har inte skickats');
    await ask.getByRole('button', { name: 'Avbryt' }).click();
    await expect(ask).toHaveCount(0);

    await net.goOnline();
    await expect(pill(page)).toHaveText(SYNCED);
    await expectOutboxEmpty(page);
    const wines = await winesOwnedBy(db, partner.id);
    expect(wines).toHaveLength(1);
    expect(wines[0]).toMatchObject({ id: queued[0]!.entityId, name, price: 159, region: 'Gotland', approval_status: 'draft' });
    const applied = await appliedMutationsOf(db, partner.id);
    expect(applied.map((a) => [a.mutation_id, a.status])).toEqual(queued.map((r) => [r.mutationId, 'applied']));
    expectEachSentOnce(
      net,
      queued.map((r) => r.mutationId),
    );
    await expect(dashboard.wineCard(name).getByTestId('draft-sync-badge')).toHaveCount(0);
  });

  test('4 · a create, three edits and a submit made offline arrive in order: the last edit wins, versions rise', async ({
    page,
    context,
    db,
    baseURL,
  }) => {
    const net = await NetworkSwitch.on(context);
    const partner = await createPartner(db, 'ordning');
    const dashboard = await openPortal(page, partner, baseURL!, { serviceWorker: true });
    const name = `Ordningsvinet ${unique('')}`;
    const finalName = `${name} Reserv`;

    await net.goOffline();
    await createWine(page, { name, description: 'Första versionen.', price: '100', region: 'Skåne' });
    await editWine(page, name, { price: '110' });
    await editWine(page, name, { price: '120', region: 'Gotland' });
    await editWine(page, name, { name: finalName, price: '130', description: 'Sista versionen.' });
    await dashboard
      .wineCard(finalName)
      .getByRole('link', { name: `Skicka in ${finalName}` })
      .click();
    const submit = new PartnerSubmitPage(page);
    await submit.start().click();
    await submit.confirm().click();
    await page.waitForURL((url) => url.pathname === '/partner');
    await expect(dashboard.wineCard(finalName)).toContainText('Väntar');

    const queued = await outboxOf(page);
    expect(queued.map((r) => r.type)).toEqual(['upsertWine', 'upsertWine', 'upsertWine', 'upsertWine', 'submitWine']);
    const seqs = queued.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    await net.goOnline();
    await expectOutboxEmpty(page);
    const [wine, ...more] = await winesOwnedBy(db, partner.id);
    expect(more).toEqual([]);
    expect(wine).toMatchObject({
      id: queued[0]!.entityId,
      name: finalName,
      price: 130,
      region: 'Gotland',
      description: 'Sista versionen.',
      approval_status: 'pending',
    });

    const applied = await appliedMutationsOf(db, partner.id);
    expect(applied.map((a) => a.mutation_id)).toEqual(queued.map((r) => r.mutationId));
    expect(applied.map((a) => a.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    const versions = applied.map((a) => a.result.version!);
    for (let i = 1; i < versions.length; i++) expect(versions[i]!).toBeGreaterThan(versions[i - 1]!);
    expect(wine!.version).toBe(versions.at(-1));
    expectEachSentOnce(
      net,
      queued.map((r) => r.mutationId),
    );
    await expect(dashboard.wineCard(finalName)).toContainText('Väntar');
  });

  test('3 · the browser closes while a sync is in flight; after a restart it completes exactly once', async ({ db, baseURL }, testInfo) => {
    const partner = await createPartner(db, 'krasch');
    const name = `Kraschvinet ${unique('')}`;
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vinpressen-e2e-profile-'));
    const { launchOptions, locale, timezoneId } = testInfo.project.use;
    const launch = () => chromium.launchPersistentContext(userDataDir, { ...launchOptions, baseURL, locale, timezoneId, serviceWorkers: 'allow' });
    let context: BrowserContext | undefined;
    try {
      context = await launch();
      const net = await NetworkSwitch.on(context);
      const page = context.pages()[0] ?? (await context.newPage());
      await openPortal(page, partner, baseURL!, { serviceWorker: true });
      await net.goOffline();
      await createWine(page, { name, description: 'Appen stängs mitt i synken.', price: '140' });
      await editWine(page, name, { price: '145' });
      const queued = await outboxOf(page);
      expect(queued).toHaveLength(2);

      // The server applies the batch; the answer is held, and the browser goes away before it arrives.
      const held = holdSync({ applyFirst: true });
      net.next(held.handler);
      await net.goOnline();
      await held.reached;
      expect(await winesOwnedBy(db, partner.id)).toHaveLength(1);
      expect(await outboxOf(page)).toHaveLength(2);
      await context.close();
      context = undefined;

      context = await launch();
      const again = await NetworkSwitch.on(context);
      const restarted = context.pages()[0] ?? (await context.newPage());
      await restarted.goto('/partner?tab=mina-viner');
      await expect(pill(restarted)).toHaveText(SYNCED);
      await expectOutboxEmpty(restarted);
      // The restart re-sent the same two ids (their answer never arrived) and the server answered from its record.
      expect(again.sentMutationIds()).toEqual(queued.map((r) => r.mutationId));
      const wines = await winesOwnedBy(db, partner.id);
      expect(wines).toHaveLength(1);
      expect(wines[0]).toMatchObject({ id: queued[0]!.entityId, name, price: 145 });
      expect((await appliedMutationsOf(db, partner.id)).map((a) => a.status)).toEqual(['applied', 'applied']);
    } finally {
      await context?.close().catch(() => undefined);
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  });

  test('10 · a new build waits while the outbox pushes, and queued rows survive the update', async ({ page, context, db, baseURL }) => {
    const net = await NetworkSwitch.on(context);
    const partner = await createPartner(db, 'bygge');
    const dashboard = await openPortal(page, partner, baseURL!, { serviceWorker: true });
    const name = `Uppdateringsvinet ${unique('')}`;

    await net.goOffline();
    await createWine(page, { name, description: 'Sparat innan den nya versionen kom.', price: '155' });
    const queued = await outboxOf(page);

    // A new build is deployed: the service worker script on the server changes (the browser fetches it itself, past
    // Playwright's routes, so the file is changed where the e2e server reads it, and put back afterwards).
    const swFile = path.join(STATIC_DIR, 'sw.js');
    const swSource = fs.readFileSync(swFile, 'utf8');
    fs.writeFileSync(swFile, `${swSource}\n// build ${Date.now()}\n`);
    try {
      // Online, the push is held open on its way to the server; meanwhile the new build is found and installs.
      const held = holdSync();
      net.next(held.handler);
      await net.goOnline();
      await held.reached;
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const prompt = toastTitled(page, 'En ny version av Vinpressen finns');
      await expect(prompt).toBeVisible();
      // The waiting worker's state changes and every message the page posts to a service worker are noted in the page
      // (a reload clears the notes); the messages still go out.
      await page.evaluate(async () => {
        const note = window as unknown as { swStates: string[]; swMessages: unknown[] };
        note.swStates = [];
        note.swMessages = [];
        const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
        waiting?.addEventListener('statechange', () => note.swStates.push(waiting.state));
        const post = ServiceWorker.prototype.postMessage as (this: ServiceWorker, ...args: unknown[]) => void;
        ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: unknown[]) {
          note.swMessages.push(args[0]);
          post.apply(this, args);
        } as ServiceWorker['postMessage'];
      });
      await prompt.getByRole('button', { name: 'Uppdatera' }).click();

      // While the push is in flight the new build is not activated. The click has been handled once the prompt is gone
      // (the toast closes in the same click handler that would ask the worker to take over, SKIP_WAITING, at once):
      // from then on, no message to the worker, no state change and a worker still waiting mean that it waits.
      await expect(prompt).toBeHidden();
      expect(await page.evaluate(() => (window as unknown as { swMessages: unknown[] }).swMessages)).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { swStates: string[] }).swStates)).toEqual([]);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

      // The push fails (connection dropped) and the device is offline again: the update goes ahead; the rows stay.
      await net.goOffline();
      const reloaded = page.waitForEvent('load', { timeout: 15_000 });
      held.release('abort');
      await reloaded;
      await expect(dashboard.wineCard(name).getByTestId('draft-sync-badge')).toHaveText(/Sparat på enheten/);
      expect((await outboxOf(page)).map((r) => r.mutationId)).toEqual(queued.map((r) => r.mutationId));
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();

      await net.goOnline();
      await expect(pill(page)).toHaveText(SYNCED);
      await expectOutboxEmpty(page);
      expect((await winesOwnedBy(db, partner.id)).map((w) => [w.id, w.name])).toEqual([[queued[0]!.entityId, name]]);
      expect(await appliedMutationsOf(db, partner.id)).toHaveLength(1);
    } finally {
      fs.writeFileSync(swFile, swSource);
    }
  });

  test('11 · a cold start offline shows the lists, the recipes, Mina viner and the wine form', async ({ page, context, db, baseURL }) => {
    const net = await NetworkSwitch.on(context);
    const partner = await createPartner(db, 'kallstart');
    const wine = await insertDraftWine(db, partner.id, { name: `Kallstartsvinet ${unique('')}`, price: 165 });
    const { name } = (await db('wines').where({ id: wine.id }).first()) as { name: string };

    // Visited once online.
    const list = new WineListPage(page);
    const recipes = new RecipesPage(page);
    await list.goto('/fynd');
    await expect(list.cards().first()).toBeVisible();
    const shown = (await list.cardNames().allTextContents()).map((t) => t.trim());
    await waitForDeviceCopies(page, { lists: [/^\/api\/wines\?category=FYND&/] });
    await recipes.goto();
    await expect(recipes.cards().first()).toBeVisible();
    const recipeTitles = (await recipes.cardTitles().allTextContents()).map((t) => t.trim());
    await waitForDeviceCopies(page, { lists: [/^\/api\/wines\?ids=/] });
    await openPortal(page, partner, baseURL!, { serviceWorker: true });
    await expect(new PartnerDashboard(page).wineCard(name)).toBeVisible();

    // The app is closed, the network goes away, the app is opened again.
    await page.close();
    await net.goOffline();
    const cold = await context.newPage();
    const coldList = new WineListPage(cold);
    await coldList.goto('/fynd');
    await expect(coldList.cardNames()).toHaveText(shown);
    await new RecipesPage(cold).goto();
    await expect(new RecipesPage(cold).cardTitles()).toHaveText(recipeTitles);

    await cold.goto('/partner?tab=mina-viner');
    const dashboard = new PartnerDashboard(cold);
    await expect(dashboard.wineCard(name)).toContainText('165 kr');
    await expect(pill(cold)).toHaveText(says('Offline'));
    await cold.goto(`/partner/wines/edit/${wine.id}`);
    await expect(new PartnerWineForm(cold).field('Vinnamn')).toHaveValue(name);
    await cold.goto('/partner/wines/new');
    await expect(new PartnerWineForm(cold).field('Vinnamn')).toHaveValue('');
    await expect(new PartnerWineForm(cold).save()).toBeEnabled();
  });
});
