import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import { AccountMenu, AuthDialog } from './pages/account';
import { AdminPanel, signInAsAdmin } from './pages/admin';
import { AdminReviewsTab } from './pages/admin-reviews';
import { SiteLayout } from './pages/site-layout';
import { WineDetailPage } from './pages/wine-detail-page';
import { expect, MEMBER_PASSWORD, test } from './support/factories';
import { axeFindings } from './support/axe';

// Review moderation against the real API, the analysis job and Postgres (spec 001 §2 'Reviews moderation
// tab'): members submit reviews through the API, the analysis rates them, an admin approves one with
// a final rating and notes (published on the wine's page) and rejects another with a reason (never
// published); a moderator signed in through the public login dialog sees only Recensioner and decides too.

interface ReviewRow {
  status: string;
  final_rating: number | null;
  moderator_notes: string | null;
  rejection_reason: string | null;
  ai_processed_rating: number | null;
}

async function reviewRow(db: Knex, id: string): Promise<ReviewRow> {
  return db('reviews').where({ id }).first('status', 'final_rating', 'moderator_notes', 'rejection_reason', 'ai_processed_rating');
}

/** The flags the analysis job stored for review `id` ([] until analysed). */
async function flagsOf(db: Knex, id: string): Promise<string[]> {
  const row = (await db('reviews').where({ id }).first('ai_reasons')) as { ai_reasons: { flags?: string[] } | null };
  return row.ai_reasons?.flags ?? [];
}

/** The flags that need a moderator (api/contract/review-rules.ts MODERATION_FLAGS), written out as the spec reads. */
const MODERATION_FLAGS = ['spam', 'link', 'contact', 'profanity', 'abuse', 'off_topic', 'not_swedish', 'rating_mismatch'];

/** WCAG 2.1 A and AA violations axe-core finds on the page as it is (admin-accessibility.spec.ts' check). */
async function axeViolations(page: Page): Promise<string[]> {
  return axeFindings(page);
}

/** The AI rating as the tab writes it: one decimal with a decimal comma. */
const aiText = (rating: number) => Number(rating).toFixed(1).replace('.', ',');

test.describe('admin reviews', () => {
  test('an admin approves one review with a final rating and notes (published) and rejects another with a reason (never published)', async ({
    page,
    db,
    make,
  }) => {
    // Wines of this test's own, so their pages show only this test's reviews.
    const [goodWine, badWine] = [await make.wine(), await make.wine()];
    const author = await make.member();
    const good = {
      content: 'Härlig frukt med toner av mörka körsbär och lite vanilj. Mjuka tanniner och en lång eftersmak – ett riktigt bra köp för priset.',
      priceWorthRating: 5,
      qualityRating: 4,
      overallExperience: 4,
    };
    const bad = {
      content: 'KÖP BILLIGT VIN PÅ www.vinrea-exempel.se !!! Ring 070-123 45 67',
      priceWorthRating: 5,
      qualityRating: 5,
      overallExperience: 5,
    };

    const goodId = await make.review(author, goodWine.id, good);
    const badId = await make.review(author, badWine.id, bad);

    // The analysis job rates each new review within a second or two.
    await expect.poll(async () => (await reviewRow(db, goodId)).ai_processed_rating, { timeout: 15_000 }).not.toBeNull();
    await expect.poll(async () => (await reviewRow(db, badId)).ai_processed_rating, { timeout: 15_000 }).not.toBeNull();
    const goodAi = (await reviewRow(db, goodId)).ai_processed_rating!;
    const badAi = (await reviewRow(db, badId)).ai_processed_rating!;
    expect(await flagsOf(db, badId)).toEqual(expect.arrayContaining(['link', 'contact']));

    const tab = new AdminReviewsTab(page);
    const layout = new SiteLayout(page);
    await signInAsAdmin(page);
    await new AdminPanel(page).tab('Recensioner').click();
    await expect(tab.subTab('Väntande recensioner')).toHaveAttribute('aria-selected', 'true');
    await expect(tab.subTab('Experter')).toBeVisible();

    // Both are listed with their AI ratings; the figures are Postgres'.
    const goodItem = tab.item(goodWine.title, author.username);
    const badItem = tab.item(badWine.title, author.username);
    await expect(tab.aiRating(goodItem)).toHaveAccessibleName(`AI-betyg ${aiText(goodAi)} av 5`);
    await expect(tab.aiRating(badItem)).toHaveAccessibleName(`AI-betyg ${aiText(badAi)} av 5`);
    const stats = (await db('reviews')
      .where({ status: 'pending' })
      .first(
        db.raw('count(*)::int as pending'),
        db.raw('round(avg(ai_processed_rating), 1)::float as average'),
        db.raw(
          "count(*) filter (where exists (select 1 from jsonb_array_elements_text(coalesce(ai_reasons->'flags', '[]')) f where f = any(?::text[])))::int as attention",
          [MODERATION_FLAGS],
        ),
      )) as { pending: number; average: number; attention: number };
    await expect(tab.statValue('Väntande')).toHaveText(String(stats.pending));
    await expect(tab.statValue('Snitt AI-betyg')).toHaveText(stats.average.toFixed(1).replace('.', ','));
    await expect(tab.statValue('Kräver uppmärksamhet')).toHaveText(String(stats.attention));

    // Approve the good one at 4.5, set with the keyboard, with notes.
    await goodItem.click();
    await expect(goodItem).toHaveAttribute('aria-pressed', 'true');
    await expect(tab.details()).toContainText(good.content);
    await expect(tab.details()).toContainText(`AI-betyg ${aiText(goodAi)}/5`);
    expect(await axeViolations(page)).toEqual([]);
    await tab.slider().focus();
    await page.keyboard.press('Home');
    await expect(tab.slider()).toHaveValue('1');
    for (let i = 0; i < 7; i += 1) await page.keyboard.press('ArrowRight');
    await expect(tab.slider()).toHaveValue('4.5');
    await expect(tab.slider()).toHaveAttribute('aria-valuetext', '4,5 av 5');
    await tab.notes().fill('Saklig och välskriven.');
    await tab.decision('Godkänn').click();
    await expect(layout.toast('Recension godkänd')).toBeVisible();
    await expect(goodItem).toHaveCount(0);
    expect(await reviewRow(db, goodId)).toMatchObject({ status: 'approved', final_rating: 4.5, moderator_notes: 'Saklig och välskriven.' });

    // The next review is shown: reject it, first without a reason.
    await expect(badItem).toHaveAttribute('aria-pressed', 'true');
    await expect(tab.details().getByRole('list', { name: 'Flaggor' })).toContainText('Länk');
    await expect(tab.details().getByRole('list', { name: 'Flaggor' })).toContainText('Kontaktuppgifter');
    await tab.decision('Avvisa').click();
    await tab.confirmReject().click();
    await expect(tab.rejectDialog()).toContainText('Anledning krävs');
    expect(await axeViolations(page)).toEqual([]);
    await tab.reason().fill('Reklam för en webbutik.');
    await tab.confirmReject().click();
    await expect(layout.toast('Recension avvisad')).toBeVisible();
    await expect(tab.rejectDialog()).toHaveCount(0);
    await expect(badItem).toHaveCount(0);
    expect(await reviewRow(db, badId)).toMatchObject({ status: 'rejected', final_rating: null, rejection_reason: 'Reklam för en webbutik.' });

    // The approved one is on its wine's page under 'FOLKETS RECENSIONER'; the rejected one never is.
    const winePage = new WineDetailPage(page);
    await winePage.goto(goodWine.id);
    const published = page.getByRole('region', { name: 'FOLKETS RECENSIONER' });
    await expect(published).toContainText(good.content);
    await expect(published).toContainText('Elin Recensent');
    await winePage.goto(badWine.id);
    await expect(page.getByRole('region', { name: 'FOLKETS RECENSIONER' })).toContainText('INGA RECENSIONER ÄN');
    await expect(page.getByText(bad.content)).toHaveCount(0);
  });

  test("an honest, harsh review stays outside 'Kräver uppmärksamhet'; spam and abuse are in it, with their reasons", async ({ page, db, make }) => {
    const [harshWine, spamWine, abuseWine] = [await make.wine(), await make.wine(), await make.wine()];
    const author = await make.member();
    const harshId = await make.review(author, harshWine.id, {
      content:
        'Jag ville verkligen tycka om den, men den var tunn och sur från första glaset. Frukten kändes urvattnad, tanninerna torra och eftersmaken kort. För det priset finns många bättre viner.',
      priceWorthRating: 2,
      qualityRating: 1,
      overallExperience: 2,
    });
    const spamId = await make.review(author, spamWine.id, {
      content: 'Använd rabattkod VIN20 på www.vinrea-exempel.se för billigt vin, klicka här!',
      priceWorthRating: 5,
      qualityRating: 5,
      overallExperience: 5,
    });
    const abuseId = await make.review(author, abuseWine.id, {
      content: 'Alla som ger det här vinet bra betyg är idioter, det smakar jävla skit.',
      priceWorthRating: 1,
      qualityRating: 1,
      overallExperience: 1,
    });
    for (const id of [harshId, spamId, abuseId]) {
      await expect.poll(async () => (await reviewRow(db, id)).ai_processed_rating, { timeout: 15_000 }).not.toBeNull();
    }
    const harshAi = Number((await reviewRow(db, harshId)).ai_processed_rating);
    // The harsh review's opinion is as low as the others'; only its flags differ.
    expect(harshAi).toBeLessThan(2.5);
    expect(await flagsOf(db, harshId)).toEqual([]);

    const tab = new AdminReviewsTab(page);
    await signInAsAdmin(page);
    await new AdminPanel(page).tab('Recensioner').click();
    const harsh = tab.item(harshWine.title, author.username);
    const spam = tab.item(spamWine.title, author.username);
    const abuse = tab.item(abuseWine.title, author.username);
    await expect(tab.aiRating(harsh)).toHaveAccessibleName(`AI-betyg ${aiText(harshAi)} av 5`);
    await expect(tab.attentionBadge(harsh)).toHaveCount(0);
    await expect(tab.attentionBadge(spam)).toBeVisible();
    await expect(tab.attentionBadge(abuse)).toBeVisible();

    await harsh.click();
    await expect(tab.details()).toContainText('Inget som kräver uppmärksamhet');
    await spam.click();
    await expect(tab.attentionReasons()).toContainText('Innehåller reklam eller säljfraser.');
    await expect(tab.attentionReasons()).toContainText('Innehåller en länk.');
    await abuse.click();
    await expect(tab.attentionReasons()).toContainText('Innehåller påhopp eller förolämpningar mot personer.');
    expect(await axeViolations(page)).toEqual([]);

    // 'Visa bara de som kräver uppmärksamhet': the spam and the abuse stay, the harsh review goes.
    await tab.attentionOnly().check();
    await expect(spam).toBeVisible();
    await expect(abuse).toBeVisible();
    await expect(harsh).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await tab.attentionOnly().uncheck();
    await expect(harsh).toBeVisible();
  });

  test('a moderator signed in through the login dialog sees only Recensioner, whatever ?tab= says, and approves a review', async ({
    page,
    db,
    make,
  }) => {
    const moderator = await make.member({ role: 'moderator' });
    const author = await make.member();
    const wine = await make.wine();
    const [review] = (await db('reviews')
      .insert({
        wine_id: wine.id,
        user_id: author.id,
        content: 'Stram och elegant med fin syra. Passar utmärkt till skaldjur.',
        price_worth_rating: 4,
        quality_rating: 4,
        overall_experience: 4,
        ai_processed_rating: 3.8,
        ai_reasons: { reasons: [{ code: 'sentiment_positive', message: 'Texten är positiv.' }], flags: [] },
        status: 'pending',
      })
      .returning('id')) as { id: string }[];

    await page.goto('/');
    await new AuthDialog(page).signIn(moderator.email, MEMBER_PASSWORD);
    await expect(new AuthDialog(page).dialog()).toHaveCount(0);
    await expect(new AccountMenu(page).button(moderator.username)).toBeVisible();
    // The panel on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/admin?tab=users');

    const panel = new AdminPanel(page);
    await expect(panel.heading()).toBeVisible();
    await expect(page.getByRole('banner').getByText('Moderator', { exact: true })).toBeVisible();
    await expect(page.getByText('Administratör', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('tablist', { name: 'Adminpanelens flikar' }).getByRole('tab')).toHaveText(['Recensioner']);
    await expect(panel.tab('Recensioner')).toHaveAttribute('aria-selected', 'true');

    const tab = new AdminReviewsTab(page);
    const item = tab.item(wine.title, author.username);
    await expect(tab.aiRating(item)).toHaveAccessibleName('AI-betyg 3,8 av 5');
    // The tab has rendered its list: only now can the missing 'Experter' sub-tabs mean anything.
    await expect(page.getByRole('tablist', { name: 'Recensioner' })).toHaveCount(0);
    await item.click();
    // 3.8 rounds to 4. On a phone the details follow the list, and the choice takes the reader there.
    await expect(tab.slider()).toHaveValue('4');
    await expect(tab.details().getByRole('heading', { name: wine.title })).toBeFocused();
    await expect(tab.details().getByRole('heading', { name: wine.title })).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);
    await tab.decision('Godkänn').click();
    await expect(new SiteLayout(page).toast('Recension godkänd')).toBeVisible();
    expect(await reviewRow(db, review!.id)).toMatchObject({ status: 'approved', final_rating: 4 });
  });
});
