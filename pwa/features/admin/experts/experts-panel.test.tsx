// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { EXPERT_MESSAGES, type AdminExpert, type AdminExpertReview, type AdminExpertReviewPage } from '../../../../api/contract/experts';
import { AppProviders } from '../../../test/providers';
import { apiError, fakeApi, findToast, json } from '../../../test/test-utils';
import { buildAdminWine } from '../wines/test-fakes';
import { ExpertsPanel } from './experts-panel';
import { resetAfterEach } from '../../../test/reset-after-each';

resetAfterEach();

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const IMAGE_URL = '/api/images/0f6a9d2e-3b4c-4d5e-8f70-112233445566';
const EXPERTS = '/api/admin/experts';
const REVIEWS = '/api/admin/expert-reviews?limit=20&offset=0';
const reviewsOf = (expertId: string) => `/api/admin/expert-reviews?limit=20&offset=0&expertId=${expertId}`;

function expert(n: number, name: string, extra: Partial<AdminExpert> = {}): AdminExpert {
  return {
    id: uuid(n),
    name,
    title: 'Sommelier',
    imageUrl: null,
    reviewCount: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...extra,
  };
}

const karin = expert(1, 'Karin Ek', { reviewCount: 1 });
const per = expert(2, 'Per Holm', { title: 'Vinskribent', imageUrl: IMAGE_URL });

function review(n: number, extra: Partial<AdminExpertReview> = {}): AdminExpertReview {
  return {
    id: uuid(100 + n),
    wineId: uuid(200 + n),
    wine: { name: `Barolo ${n}`, vintage: 2019, price: 349, approvalStatus: 'approved' },
    expertId: karin.id,
    expert: { name: karin.name, title: karin.title, imageUrl: null },
    title: 'Elegant och prisvärt',
    content: 'Mörka körsbär och fin syra.',
    rating: 4,
    priceWorthRating: 5,
    qualityRating: null,
    overallExperience: 4,
    isFynd: false,
    isFeatured: true,
    createdAt: '2026-11-02T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
    ...extra,
  };
}

const pageOf = (items: AdminExpertReview[], total = items.length): AdminExpertReviewPage => ({ items, total, limit: 20, offset: 0 });

type Routes = Parameters<typeof fakeApi>[0];

async function openPanel(routes: Routes = {}) {
  const api = fakeApi({
    [`GET ${EXPERTS}`]: json(200, { items: [karin, per] }),
    [`GET ${REVIEWS}`]: json(200, pageOf([review(1)])),
    ...routes,
  });
  render(
    <AppProviders>
      <MemoryRouter>
        <ExpertsPanel />
      </MemoryRouter>
    </AppProviders>,
  );
  await screen.findByRole('heading', { name: 'Experter' }, { timeout: 5000 });
  await waitFor(() => expect(screen.queryByText('Laddar experterna…')).toBeNull());
  return api;
}

const expertCard = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;
const reviewList = () => screen.findByRole('list', { name: 'Expertrecensioner' });
const sentBody = (api: ReturnType<typeof fakeApi>, key: string) => api.calls(key).at(-1) as Record<string, unknown>;

describe('experts: the list', () => {
  it('shows each expert with the uploaded picture or the initials avatar, name, title and number of reviews', async () => {
    await openPanel();
    const k = expertCard('Karin Ek');
    expect(k.textContent).toContain('Sommelier');
    expect(k.textContent).toContain('1 recension');
    expect(k.querySelector('img')).toBeNull();
    expect(k.querySelector('span[aria-hidden="true"]')?.textContent).toBe('KE');
    const p = expertCard('Per Holm');
    expect(p.textContent).toContain('Vinskribent');
    expect(p.textContent).toContain('Inga recensioner');
    expect(p.querySelector('img')?.getAttribute('src')).toBe(IMAGE_URL);
  });

  it('lists the expert reviews with wine, expert, rating and whether the wine page shows them', async () => {
    await openPanel({
      [`GET ${REVIEWS}`]: json(
        200,
        pageOf([
          review(1, { isFynd: true }),
          review(2, { isFeatured: false, rating: 2, wine: { name: 'Chablis', vintage: null, price: 199, approvalStatus: 'pending' } }),
        ]),
      ),
    });
    const items = within(await screen.findByRole('list', { name: 'Expertrecensioner' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Barolo 1 2019');
    expect(items[0]!.textContent).toContain('Karin Ek');
    expect(items[0]!.textContent).toContain('4/5');
    expect(items[0]!.textContent).toContain('Visas på vinsidan');
    expect(items[0]!.textContent).toContain('Fynd');
    expect(items[1]!.textContent).toContain('Chablis');
    expect(items[1]!.textContent).toContain('2/5');
    expect(items[1]!.textContent).toContain('Dold');
    expect(items[1]!.textContent).toContain('Vinet: väntar');
    expect(screen.getByRole('status').textContent).toBe('2 recensioner');
  });

  it('says so when there are no experts yet, and offers no review form until there is one', async () => {
    await openPanel({ [`GET ${EXPERTS}`]: json(200, { items: [] }), [`GET ${REVIEWS}`]: json(200, pageOf([])) });
    expect(await screen.findByText('Inga experter ännu. Lägg till den första med Ny expert.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Ny expertrecension' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Inga expertrecensioner ännu.')).toBeTruthy();
  });
});

describe('experts: create, edit, delete', () => {
  it('adds an expert without a picture: the preview draws the initials, the toast confirms', async () => {
    const created = expert(3, 'Lisa Berg', { title: '' });
    let items = [karin, per];
    const api = await openPanel({
      [`GET ${EXPERTS}`]: () => json(200, { items }),
      [`POST ${EXPERTS}`]: () => {
        items = [karin, created, per];
        return json(201, created);
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ny expert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny expert' });
    fireEvent.change(within(dialog).getByLabelText('Namn'), { target: { value: 'Lisa Berg' } });
    expect(within(dialog).getByTestId('expert-image-preview').textContent).toBe('LB');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till expert' }));

    await findToast('Experten har lagts till');
    expect(sentBody(api, `POST ${EXPERTS}`)).toEqual({ name: 'Lisa Berg', title: '', imageUrl: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Lisa Berg' })).toBeTruthy();
  });

  it('checks the name in the browser with the server’s message, and sends nothing', async () => {
    const api = await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Ny expert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny expert' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till expert' }));
    expect(await within(dialog).findByText(EXPERT_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(dialog).getByLabelText('Namn').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls(`POST ${EXPERTS}`)).toEqual([]);
  });

  it('uploads a picture and saves its URL; shows the server’s message on the picture', async () => {
    const api = await openPanel({
      'POST /api/admin/images': json(201, { id: IMAGE_URL.slice(12), url: IMAGE_URL, contentType: 'image/png', byteSize: 5, width: 1, height: 1 }),
      [`POST ${EXPERTS}`]: apiError(400, EXPERT_MESSAGES.imageMissing, 'validation_failed', [
        { path: 'body.imageUrl', message: EXPERT_MESSAGES.imageMissing },
      ]),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ny expert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny expert' });
    fireEvent.change(within(dialog).getByLabelText('Namn'), { target: { value: 'Lisa Berg' } });
    fireEvent.change(within(dialog).getByLabelText('Bild'), { target: { files: [new File(['bytes'], 'lisa.png', { type: 'image/png' })] } });

    await within(dialog).findByRole('button', { name: 'Byt bild' });
    expect(within(dialog).getByTestId('expert-image-preview').querySelector('img')?.getAttribute('src')).toBe(IMAGE_URL);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till expert' }));

    await findToast('Kunde inte spara', EXPERT_MESSAGES.imageMissing);
    expect(sentBody(api, `POST ${EXPERTS}`)).toEqual({ name: 'Lisa Berg', title: '', imageUrl: IMAGE_URL });
    expect(await within(dialog).findByText(EXPERT_MESSAGES.imageMissing, { selector: 'p' })).toBeTruthy();
  });

  it('edits an expert: the form starts from the stored values; removing the picture sends null', async () => {
    const api = await openPanel({ [`PUT ${EXPERTS}/${per.id}`]: json(200, { ...per, title: 'Sommelier', imageUrl: null }) });
    fireEvent.click(screen.getByRole('button', { name: 'Redigera Per Holm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera expert' });
    expect((within(dialog).getByLabelText('Namn') as HTMLInputElement).value).toBe('Per Holm');
    expect((within(dialog).getByLabelText('Titel') as HTMLInputElement).value).toBe('Vinskribent');
    fireEvent.change(within(dialog).getByLabelText('Titel'), { target: { value: 'Sommelier' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ta bort bilden' }));
    expect(within(dialog).getByTestId('expert-image-preview').textContent).toBe('PH');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));

    await findToast('Experten har uppdaterats');
    expect(sentBody(api, `PUT ${EXPERTS}/${per.id}`)).toEqual({ name: 'Per Holm', title: 'Sommelier', imageUrl: null });
  });

  it('deletes an expert without reviews after a confirmation', async () => {
    const api = await openPanel({ [`DELETE ${EXPERTS}/${per.id}`]: new Response(null, { status: 204 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort Per Holm' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Är du säker på att du vill ta bort "Per Holm"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));

    await findToast('Experten har tagits bort');
    expect(api.calls(`DELETE ${EXPERTS}/${per.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('explains that an expert with reviews cannot be deleted and offers their reviews instead', async () => {
    const api = await openPanel({ [`GET ${reviewsOf(karin.id)}`]: json(200, pageOf([review(1)])) });
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort Karin Ek' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Experten kan inte tas bort');
    expect(confirm.textContent).toContain(EXPERT_MESSAGES.hasReviews(1));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Visa recensionerna' }));

    await waitFor(() => expect(api.calls(`GET ${reviewsOf(karin.id)}`).length).toBeGreaterThan(0));
    expect((screen.getByLabelText('Visa recensioner av') as HTMLSelectElement).value).toBe(karin.id);
    expect(api.calls(`DELETE ${EXPERTS}/${karin.id}`)).toEqual([]);
  });

  it("shows the server's refusal when a review was added meanwhile", async () => {
    await openPanel({ [`DELETE ${EXPERTS}/${per.id}`]: apiError(409, EXPERT_MESSAGES.hasReviews(1), 'expert_has_reviews') });
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort Per Holm' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort' }));
    await findToast('Borttagning misslyckades', EXPERT_MESSAGES.hasReviews(1));
  });
});

describe('expert reviews: create, edit, delete', () => {
  const wine = buildAdminWine({ name: 'Chianti Classico', price: 139, vintage: 2019 });
  const search = (q?: string) => `GET /api/admin/wines?limit=20&offset=0${q ? `&q=${encodeURIComponent(q)}` : ''}`;

  it('adds a review: the wine picked by search, the expert, text, rating, sub-ratings and Fynd', async () => {
    const api = await openPanel({
      [search()]: json(200, { items: [], total: 0, limit: 20, offset: 0 }),
      [search('chianti')]: json(200, { items: [wine], total: 1, limit: 20, offset: 0 }),
      'POST /api/admin/expert-reviews': json(201, review(3)),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ny expertrecension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny expertrecension' });
    const picker = within(dialog).getByRole('combobox', { name: 'Vin' });
    fireEvent.change(picker, { target: { value: 'chianti' } });
    await screen.findByRole('option', { name: /^Chianti Classico - 139 kr/ }, { timeout: 3000 });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('Chianti Classico - 139 kr'));

    fireEvent.change(within(dialog).getByLabelText('Expert'), { target: { value: per.id } });
    fireEvent.change(within(dialog).getByLabelText('Rubrik'), { target: { value: 'Klassisk Toscana' } });
    fireEvent.change(within(dialog).getByLabelText('Recension'), { target: { value: 'Körsbär, örter och fast struktur.' } });
    fireEvent.change(within(dialog).getByLabelText('Betyg'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Prisvärdhet'), { target: { value: '4' } });
    expect((within(dialog).getByLabelText('Kvalitet') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Ej angivet');
    fireEvent.click(within(dialog).getByLabelText('Fynd: experten kallar vinet ett fynd'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till recension' }));

    await findToast('Expertrecensionen har lagts till');
    expect(sentBody(api, 'POST /api/admin/expert-reviews')).toEqual({
      wineId: wine.id,
      expertId: per.id,
      title: 'Klassisk Toscana',
      content: 'Körsbär, örter och fast struktur.',
      rating: 5,
      priceWorthRating: 4,
      qualityRating: null,
      overallExperience: null,
      isFynd: true,
      isFeatured: true,
    });
  });

  it('names every missing field in Swedish before sending', async () => {
    const api = await openPanel({ [search()]: json(200, { items: [], total: 0, limit: 20, offset: 0 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Ny expertrecension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny expertrecension' });
    const picker = within(dialog).getByRole('combobox', { name: 'Vin' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till recension' }));

    for (const message of [
      EXPERT_MESSAGES.wineRequired,
      EXPERT_MESSAGES.expertRequired,
      EXPERT_MESSAGES.titleRequired,
      EXPERT_MESSAGES.contentRequired,
      EXPERT_MESSAGES.ratingRequired,
    ]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(within(dialog).getByLabelText('Betyg').getAttribute('aria-invalid')).toBe('true');
    // The focus goes to the first field to fix: the wine.
    await waitFor(() => expect(document.activeElement).toBe(picker));
    expect(api.calls('POST /api/admin/expert-reviews')).toEqual([]);
  });

  it('edits a review from its stored values and sends them all back', async () => {
    const stored = review(1);
    const api = await openPanel({
      [search()]: json(200, { items: [], total: 0, limit: 20, offset: 0 }),
      [`PUT /api/admin/expert-reviews/${stored.id}`]: json(200, { ...stored, rating: 3, isFeatured: false }),
    });
    fireEvent.click(within(await reviewList()).getByRole('button', { name: 'Redigera recensionen av Barolo 1 (Karin Ek)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera expertrecension' });
    expect((within(dialog).getByRole('combobox', { name: 'Vin' }) as HTMLInputElement).value).toBe('Barolo 1 - 349 kr');
    expect((within(dialog).getByLabelText('Expert') as HTMLSelectElement).value).toBe(karin.id);
    expect((within(dialog).getByLabelText('Betyg') as HTMLSelectElement).value).toBe('4');
    fireEvent.change(within(dialog).getByLabelText('Betyg'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByLabelText('Visas på vinsidan under VINEXPERTERS RECENSIONER'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));

    await findToast('Expertrecensionen har uppdaterats');
    expect(sentBody(api, `PUT /api/admin/expert-reviews/${stored.id}`)).toEqual({
      wineId: stored.wineId,
      expertId: karin.id,
      title: stored.title,
      content: stored.content,
      rating: 3,
      priceWorthRating: 5,
      qualityRating: null,
      overallExperience: 4,
      isFynd: false,
      isFeatured: false,
    });
  });

  it('deletes a review after a confirmation', async () => {
    const stored = review(1);
    const api = await openPanel({ [`DELETE /api/admin/expert-reviews/${stored.id}`]: new Response(null, { status: 204 }) });
    fireEvent.click(within(await reviewList()).getByRole('button', { name: 'Ta bort recensionen av Barolo 1 (Karin Ek)' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Är du säker på att du vill ta bort recensionen av "Barolo 1" (Karin Ek)?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));

    await findToast('Expertrecensionen har tagits bort');
    expect(api.calls(`DELETE /api/admin/expert-reviews/${stored.id}`)).toHaveLength(1);
  });

  it('filters the list by expert and says when an expert has none', async () => {
    await openPanel({ [`GET ${reviewsOf(per.id)}`]: json(200, pageOf([])) });
    await screen.findByRole('list', { name: 'Expertrecensioner' });
    fireEvent.change(screen.getByLabelText('Visa recensioner av'), { target: { value: per.id } });
    expect(await screen.findByText('Per Holm har inga recensioner.')).toBeTruthy();
  });
});
