// @vitest-environment happy-dom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PendingReview, PendingReviewList } from '../../../../api/contract/reviews';
import { apiError, buildUser, fakeApi, findToast, flush, json, renderApp } from '../../../test/test-utils';
import { ANALYSIS_POLL_MS } from './api';
import { nextAfter } from './reviews-tab';
import { resetAfterEach } from '../../../test/reset-after-each';

// The tab is a lazy chunk and the machine may be busy: allow more than the default second for it to appear.
configure({ asyncUtilTimeout: 5000 });

resetAfterEach();

const admin = buildUser({ id: '00000000-0000-4000-8000-000000000001', username: 'redaktionen', role: 'admin', authType: 'admin' });
const moderator = buildUser({ id: '00000000-0000-4000-8000-000000000002', username: 'mods', email: 'mod@example.se', role: 'moderator' });

function pending(overrides: Partial<PendingReview> & Pick<PendingReview, 'id'>): PendingReview {
  return {
    content: 'Fin frukt och lagom syra, ett riktigt bra köp för vardagen.',
    priceWorthRating: 4,
    qualityRating: 4,
    overallExperience: 4,
    aiProcessedRating: 4.2,
    aiReasons: [{ code: 'sentiment_positive', message: 'Texten är positiv och stämmer med betygen.' }],
    aiFlags: [],
    needsAttention: false,
    attentionReasons: [],
    createdAt: '2026-03-03T09:00:00.000Z',
    userId: '00000000-0000-4000-8000-0000000000a1',
    wineId: '00000000-0000-4000-8000-0000000000b1',
    user: { username: 'anna', firstName: 'Anna', lastName: 'Lind', isVerified: true },
    wine: { name: 'Château Test', vintage: 2019 },
    ...overrides,
  };
}

const first = pending({ id: '00000000-0000-4000-8000-00000000000a' });
const second = pending({
  id: '00000000-0000-4000-8000-00000000000b',
  content: 'KÖP BILLIGT PÅ www.example.com!!!',
  priceWorthRating: 5,
  qualityRating: 5,
  overallExperience: 5,
  aiProcessedRating: 1.3,
  aiReasons: [{ code: 'link', message: 'Innehåller en länk.' }],
  aiFlags: ['spam', 'link', 'shouting', 'rating_mismatch'],
  needsAttention: true,
  attentionReasons: [
    { code: 'spam', message: 'Innehåller reklam eller säljfraser.' },
    { code: 'link', message: 'Innehåller en länk.' },
    { code: 'rating_mismatch', message: 'Texten och betygen går isär.' },
  ],
  createdAt: '2026-03-04T09:00:00.000Z',
  user: { username: 'bertil', firstName: 'Bertil', lastName: null, isVerified: false },
  wine: { name: 'Riesling Kabinett', vintage: null },
});
const third = pending({
  id: '00000000-0000-4000-8000-00000000000c',
  aiProcessedRating: null,
  aiReasons: [],
  needsAttention: null,
  createdAt: '2026-03-05T09:00:00.000Z',
  user: { username: 'cilla', firstName: null, lastName: null, isVerified: false },
  wine: { name: 'Barolo 2016', vintage: 2016 },
});

const listOf = (items: PendingReview[], stats: Partial<PendingReviewList['stats']> = {}): PendingReviewList => ({
  items,
  stats: { pending: items.length, averageAiRating: 2.8, needsAttention: 1, ...stats },
});

const decided = (id: string, status: 'approved' | 'rejected') =>
  json(200, {
    id,
    status,
    finalRating: status === 'approved' ? 4.5 : null,
    wine: { id: first.wineId, rating: 4.5, approvedReviews: 1, categories: [] },
  });

async function openReviews(routes: Parameters<typeof fakeApi>[0] = {}, user = admin) {
  const api = fakeApi({
    'GET /api/auth/current': json(200, user),
    'GET /api/admin/reviews/pending': json(200, listOf([first, second, third])),
    ...routes,
  });
  renderApp('/admin?tab=reviews');
  await screen.findByText('VÄNTANDE RECENSIONER');
  return api;
}

const list = () => screen.getByRole('list', { name: 'Väntande recensioner' });
const item = (name: RegExp) => within(list()).getByRole('button', { name });
const details = () => screen.getByText('RECENSIONSDETALJER').closest('section') as HTMLElement;
const slider = () => within(details()).getByRole('slider', { name: 'Justera slutbetyg' }) as HTMLInputElement;

describe('Reviews tab: figures and list (spec 001 §2)', () => {
  it("shows the stat cards with real figures: Väntande, 'Snitt AI-betyg' with a decimal comma, 'Kräver uppmärksamhet'", async () => {
    await openReviews();
    expect(screen.getByText('Väntande').parentElement!.textContent).toContain('3');
    expect(screen.getByText('Snitt AI-betyg').parentElement!.textContent).toContain('2,8');
    expect(screen.getByText('Snitt AI-betyg').parentElement!.textContent).not.toContain('4,2');
    const attentionCard = screen.getByText('Kräver uppmärksamhet', { selector: 'p' }).parentElement!;
    expect(attentionCard.textContent).toContain('1');
    expect(attentionCard.textContent).toContain('Skräp, länkar, påhopp och annat en moderator ska se');
    expect(attentionCard.textContent).not.toContain('AI-betyg under 3');
  });

  it("shows '–' as the average while no review is analysed", async () => {
    await openReviews({ 'GET /api/admin/reviews/pending': json(200, listOf([third], { averageAiRating: null, needsAttention: 0 })) });
    expect(screen.getByText('Snitt AI-betyg').parentElement!.textContent).toContain('–');
  });

  it('lists each review with wine and vintage, username, the pending badge, AI rating in glasses or Analyseras…, Swedish date and text', async () => {
    await openReviews();
    const a = item(/Château Test 2019/);
    expect(a.textContent).toContain('av anna');
    expect(within(a).getByText('väntar')).toBeTruthy();
    expect(within(a).getByRole('img', { name: 'AI-betyg 4,2 av 5' })).toBeTruthy();
    expect(within(a).getByText('3 mars 2026')).toBeTruthy();
    expect(within(a).getByText(first.content).className).toContain('line-clamp-2');

    const b = item(/Riesling Kabinett/);
    expect(within(b).getByRole('img', { name: 'AI-betyg 1,3 av 5' })).toBeTruthy();

    // 'Barolo 2016' already names its vintage: it is not repeated.
    const c = item(/Barolo 2016/);
    expect(c.textContent).not.toContain('2016 2016');
    expect(within(c).getByText('Analyseras…')).toBeTruthy();

    expect(within(details()).getByText('Välj en recension för att se detaljer')).toBeTruthy();
  });

  it("marks only the reviews a moderator must see, not a harsh honest one, and filters to 'Kräver uppmärksamhet'", async () => {
    const harsh = pending({
      id: '00000000-0000-4000-8000-00000000000d',
      content: 'Tunn och sur med en bitter, kort eftersmak. Eken tar över och frukten saknas helt.',
      aiProcessedRating: 1.7,
      aiReasons: [{ code: 'sentiment_negative', message: 'Texten är negativ och stämmer med betygen (snitt 1,7 av 5).' }],
      wine: { name: 'Rioja Crianza', vintage: 2020 },
    });
    await openReviews({ 'GET /api/admin/reviews/pending': json(200, listOf([first, second, third, harsh])) });
    expect(within(item(/Riesling Kabinett/)).getByText('Kräver uppmärksamhet')).toBeTruthy();
    expect(within(item(/Rioja Crianza/)).queryByText('Kräver uppmärksamhet')).toBeNull();
    expect(within(item(/Château Test/)).queryByText('Kräver uppmärksamhet')).toBeNull();

    fireEvent.click(item(/Rioja Crianza/));
    expect(within(details()).getByText('Inget som kräver uppmärksamhet')).toBeTruthy();
    expect(within(details()).getByText('AI-betyg 1,7/5', { exact: false })).toBeTruthy();

    fireEvent.click(item(/Riesling Kabinett/));
    const attention = within(details()).getByRole('group', { name: 'Kräver uppmärksamhet' });
    expect(
      within(attention)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Innehåller reklam eller säljfraser.', 'Innehåller en länk.', 'Texten och betygen går isär.']);
    // Said once: the reasons under the rating leave out what 'Kräver uppmärksamhet' says.
    expect(within(details()).getAllByText('Innehåller en länk.')).toHaveLength(1);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Visa bara de som kräver uppmärksamhet' }));
    expect(
      within(list())
        .getAllByRole('button')
        .map((b) => b.textContent?.includes('Riesling Kabinett')),
    ).toEqual([true]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Visa bara de som kräver uppmärksamhet' }));
    expect(within(list()).getAllByRole('button')).toHaveLength(4);
  });

  it("says 'Inga recensioner kräver uppmärksamhet' when the filter leaves none", async () => {
    await openReviews({ 'GET /api/admin/reviews/pending': json(200, listOf([first], { needsAttention: 0 })) });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Visa bara de som kräver uppmärksamhet' }));
    expect(screen.getByText('Inga recensioner kräver uppmärksamhet')).toBeTruthy();
  });

  it("says 'Inga väntande recensioner' when none waits", async () => {
    await openReviews({ 'GET /api/admin/reviews/pending': json(200, listOf([], { averageAiRating: null, needsAttention: 0 })) });
    expect(screen.getByText('Inga väntande recensioner')).toBeTruthy();
    expect(screen.getByText('Snitt AI-betyg').parentElement!.textContent).toContain('–');
  });

  it('asks again every few seconds while a review is unanalysed, and shows the AI rating when it comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let analysed = false;
    const api = await openReviews({
      'GET /api/admin/reviews/pending': () => json(200, listOf([first, analysed ? { ...third, aiProcessedRating: 3.8 } : third])),
    });
    const before = api.calls('GET /api/admin/reviews/pending').length;
    analysed = true;
    await flush(ANALYSIS_POLL_MS + 50);
    await waitFor(() => expect(within(item(/Barolo/)).getByRole('img', { name: 'AI-betyg 3,8 av 5' })).toBeTruthy());
    expect(api.calls('GET /api/admin/reviews/pending').length).toBeGreaterThan(before);

    // Everything analysed: no more polling.
    const after = api.calls('GET /api/admin/reviews/pending').length;
    await flush(ANALYSIS_POLL_MS * 2);
    expect(api.calls('GET /api/admin/reviews/pending').length).toBe(after);
  });

  it('moves between the reviews with the arrow keys', async () => {
    await openReviews();
    const a = item(/Château Test/);
    a.focus();
    fireEvent.keyDown(a, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item(/Riesling/));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(item(/Barolo/));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item(/Riesling/));
  });
});

describe('Reviews tab: details (spec 001 §2, §9)', () => {
  it('shows the chosen review: wine, author with the verified mark, date, the three ratings, text and the AI analysis', async () => {
    await openReviews();
    fireEvent.click(item(/Château Test/));
    expect(item(/Château Test/).getAttribute('aria-pressed')).toBe('true');
    expect(item(/Riesling/).getAttribute('aria-pressed')).toBe('false');
    const d = within(details());
    expect(d.getByRole('heading', { name: 'Château Test 2019' })).toBeTruthy();
    expect(d.getByText('Skribent').nextElementSibling!.textContent).toContain('Anna Lind');
    expect(d.getByText('Skribent').nextElementSibling!.textContent).toContain('Verifierad');
    expect(d.getByText('Skribent').nextElementSibling!.textContent).toContain('@anna');
    expect(d.getByText('Datum').nextElementSibling!.textContent).toBe('3 mars 2026');
    expect(d.getByText('Prisvärdhet').nextElementSibling!.textContent).toBe('4/5');
    expect(d.getByText('Kvalitet').nextElementSibling!.textContent).toBe('4/5');
    expect(d.getByText('Helhet').nextElementSibling!.textContent).toBe('4/5');
    expect(d.getByText(first.content)).toBeTruthy();
    expect(d.getByText('AI-betyg 4,2/5')).toBeTruthy();
    expect(d.getByText('Texten är positiv och stämmer med betygen.')).toBeTruthy();
    expect(d.getByRole('link', { name: /Visa vinet/ }).getAttribute('href')).toBe(`/wine/${first.wineId}`);
  });

  it('names the flags in Swedish and uses the username when the author has no full name', async () => {
    await openReviews();
    fireEvent.click(item(/Riesling/));
    const d = within(details());
    expect(d.getByText('Skribent').nextElementSibling!.textContent).toBe('bertil');
    const flags = d.getByRole('list', { name: 'Flaggor' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Skräp/reklam', 'Länk', 'Versaler', 'Texten och betygen går isär']);
  });

  it('starts the slider at the AI rating rounded to 0.5 (4.2 → 4, 1.3 → 1.5) and at 4 while there is none', async () => {
    await openReviews();
    fireEvent.click(item(/Château Test/));
    expect(slider().value).toBe('4');
    expect(slider().min).toBe('1');
    expect(slider().max).toBe('5');
    expect(slider().step).toBe('0.5');
    expect(slider().getAttribute('aria-valuetext')).toBe('4,0 av 5');
    fireEvent.click(item(/Riesling/));
    expect(slider().value).toBe('1.5');
    expect(within(details()).getByText('1,5')).toBeTruthy();
    fireEvent.click(item(/Barolo/));
    expect(slider().value).toBe('4');
    expect(within(details()).getByText('Analyseras…')).toBeTruthy();
  });
});

describe('Reviews tab: decisions (spec 001 §2, §8)', () => {
  it("approves with the chosen final rating and the notes, toasts 'Recension godkänd' and shows the next review", async () => {
    let items = [first, second, third];
    const api = await openReviews({
      'GET /api/admin/reviews/pending': () => json(200, listOf(items)),
      [`POST /api/admin/reviews/${first.id}/approve`]: () => {
        items = [second, third];
        return decided(first.id, 'approved');
      },
    });
    fireEvent.click(item(/Château Test/));
    fireEvent.change(slider(), { target: { value: '4.5' } });
    expect(within(details()).getByText('4,5')).toBeTruthy();
    fireEvent.change(within(details()).getByLabelText('Anteckningar'), { target: { value: '  Bra och saklig.  ' } });
    fireEvent.click(within(details()).getByRole('button', { name: 'Godkänn' }));

    await findToast('Recension godkänd');
    expect(api.calls(`POST /api/admin/reviews/${first.id}/approve`)).toEqual([{ finalRating: 4.5, moderatorNotes: 'Bra och saklig.' }]);
    await waitFor(() => expect(within(details()).getByRole('heading', { name: 'Riesling Kabinett' })).toBeTruthy());
    expect(document.activeElement).toBe(within(details()).getByRole('heading', { name: 'Riesling Kabinett' }));
    await waitFor(() => expect(within(list()).queryByRole('button', { name: /Château Test/ })).toBeNull());
    expect(item(/Riesling/).getAttribute('aria-pressed')).toBe('true');
  });

  it('sends no notes when none are written', async () => {
    const api = await openReviews({ [`POST /api/admin/reviews/${third.id}/approve`]: decided(third.id, 'approved') });
    fireEvent.click(item(/Barolo/));
    fireEvent.click(within(details()).getByRole('button', { name: 'Godkänn' }));
    await findToast('Recension godkänd');
    expect(api.calls(`POST /api/admin/reviews/${third.id}/approve`)).toEqual([{ finalRating: 4 }]);
  });

  it("rejects only with a reason ('Anledning krävs'), sends it with the notes and toasts 'Recension avvisad'", async () => {
    let items = [first, second, third];
    const api = await openReviews({
      'GET /api/admin/reviews/pending': () => json(200, listOf(items)),
      [`POST /api/admin/reviews/${second.id}/reject`]: () => {
        items = [first, third];
        return decided(second.id, 'rejected');
      },
    });
    fireEvent.click(item(/Riesling/));
    fireEvent.change(within(details()).getByLabelText('Anteckningar'), { target: { value: 'Reklam.' } });
    fireEvent.click(within(details()).getByRole('button', { name: 'Avvisa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvisa recension' });
    const reason = within(dialog).getByLabelText('Anledning') as HTMLTextAreaElement;

    fireEvent.click(within(dialog).getByRole('button', { name: 'Avvisa recension' }));
    expect(await within(dialog).findByText('Anledning krävs. Ange en anledning för avvisandet.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(api.calls(`POST /api/admin/reviews/${second.id}/reject`)).toHaveLength(0);

    fireEvent.change(reason, { target: { value: ' Reklam för en webbutik. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avvisa recension' }));
    await findToast('Recension avvisad');
    expect(api.calls(`POST /api/admin/reviews/${second.id}/reject`)).toEqual([{ reason: 'Reklam för en webbutik.', moderatorNotes: 'Reklam.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The next one after Riesling is Barolo.
    await waitFor(() => expect(within(details()).getByRole('heading', { name: 'Barolo 2016' })).toBeTruthy());
  });

  it('shows the prompt again when the last review is decided', async () => {
    let items = [first];
    await openReviews({
      'GET /api/admin/reviews/pending': () => json(200, listOf(items)),
      [`POST /api/admin/reviews/${first.id}/approve`]: () => {
        items = [];
        return decided(first.id, 'approved');
      },
    });
    fireEvent.click(item(/Château Test/));
    fireEvent.click(within(details()).getByRole('button', { name: 'Godkänn' }));
    await findToast('Recension godkänd');
    await screen.findByText('Inga väntande recensioner');
    expect(within(details()).getByText('Välj en recension för att se detaljer')).toBeTruthy();
  });

  it("toasts the server's message when the review was already decided, and refreshes the list", async () => {
    let items = [first, second];
    const api = await openReviews({
      'GET /api/admin/reviews/pending': () => json(200, listOf(items)),
      [`POST /api/admin/reviews/${first.id}/approve`]: () => {
        items = [second];
        return apiError(409, 'Recensionen är redan granskad.', 'review_not_pending');
      },
    });
    const before = api.calls('GET /api/admin/reviews/pending').length;
    fireEvent.click(item(/Château Test/));
    fireEvent.click(within(details()).getByRole('button', { name: 'Godkänn' }));
    await findToast('Fel vid godkännande', 'Recensionen är redan granskad.');
    await waitFor(() => expect(api.calls('GET /api/admin/reviews/pending').length).toBeGreaterThan(before));
    await waitFor(() => expect(within(list()).queryByRole('button', { name: /Château Test/ })).toBeNull());
    expect(within(details()).getByText('Välj en recension för att se detaljer')).toBeTruthy();
  });
});

describe('Reviews tab: who sees what', () => {
  it("gives an admin the sub-tabs 'Väntande recensioner' and 'Experter'", async () => {
    await openReviews();
    const tabs = within(screen.getByRole('tablist', { name: 'Recensioner' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Väntande recensioner', 'Experter']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('gives a moderator the pending reviews only, and lets them decide', async () => {
    const api = await openReviews({ [`POST /api/admin/reviews/${first.id}/approve`]: decided(first.id, 'approved') }, moderator);
    expect(screen.queryByRole('tablist', { name: 'Recensioner' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Experter' })).toBeNull();
    fireEvent.click(item(/Château Test/));
    fireEvent.click(within(details()).getByRole('button', { name: 'Godkänn' }));
    await findToast('Recension godkänd');
    expect(api.calls(`POST /api/admin/reviews/${first.id}/approve`)).toHaveLength(1);
  });
});

describe('nextAfter', () => {
  it('picks the review after the decided one, else the one before, else none', () => {
    expect(nextAfter([first, second, third], second.id)).toBe(third.id);
    expect(nextAfter([first, second, third], third.id)).toBe(second.id);
    expect(nextAfter([first], first.id)).toBeNull();
    expect(nextAfter([first, second], 'gone')).toBe(first.id);
  });
});
