// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExpertReview, MyReview, ReviewCreate, UserReview } from '../../../api/contract/reviews';
import type { Wine } from '../../../api/contract/wines';
import { AppAuthProvider } from '../../test/providers';
import { server } from '../../test/msw';
import { apiError, buildUser, clearToasts, fakeApi, findToast, json, renderApp } from '../../test/test-utils';
import { formatVolume } from '../../lib/wine-format';
import { TasteProfile, WineDetailPage, WineRating } from './wine-detail-page';

const ID = '3c6e0b8a-1111-4111-8111-0123456789ab';

function makeWine(overrides: Partial<Wine> = {}): Wine {
  return {
    id: ID,
    name: 'Barolo Classico',
    description: 'Stram och elegant med toner av körsbär, ros och tjära.',
    price: 329,
    rating: null,
    categories: ['FYND', 'NYLANSERAD'],
    vintage: 2017,
    country: 'Italien',
    region: 'Piemonte',
    grapeVariety: 'Nebbiolo',
    alcoholContent: 14,
    systembolagetUrl: 'https://www.systembolaget.se/12345',
    imageUrl: null,
    sweetness: 1,
    acidity: 4,
    body: null,
    tannins: 5,
    fruity: null,
    foodPairings: ['meat', 'cheese', 'tryffel'],
    occasions: ['dinner', 'celebration'],
    isGranskadVinpressen: true,
    medal: null,
    approvalStatus: 'approved',
    producer: 'Cantina Esempio',
    volumeMl: 750,
    wineType: 'Rött vin',
    packaging: 'Flaska',
    style: null,
    color: 'Tegelröd färg.',
    serving: 'Serveras vid 16-18°C till rätter av lamm.',
    productNumber: '12345',
    isOrganic: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    pricePerLitre: 132,
    priceDate: '2026-08-22',
    launchDate: null,
    isDiscontinued: false,
    productId: null,
    discontinuedOn: null,
    priceHistory: [],
    ...overrides,
  };
}

const USER_REVIEW: UserReview = {
  id: '5a5a5a5a-1111-4111-8111-0123456789ab',
  content: 'Fantastiskt till älggrytan.',
  priceWorthRating: 4,
  qualityRating: 5,
  overallExperience: 3,
  aiProcessedRating: null,
  createdAt: '2026-03-05T12:00:00.000Z',
  userId: '6b6b6b6b-1111-4111-8111-0123456789ab',
  wineId: ID,
  user: { username: 'vinvän', firstName: 'Anna', lastName: 'Svensson', isVerified: true },
};

const EXPERT_REVIEW: ExpertReview = {
  id: '7c7c7c7c-1111-4111-8111-0123456789ab',
  wineId: ID,
  expert: { name: 'Karin Lund', title: 'Sommelier', imageUrl: null },
  title: 'Ett Barolo att lägga ner',
  content: 'Behöver några år i källaren.',
  rating: 4,
  priceWorthRating: null,
  qualityRating: null,
  overallExperience: null,
  isFynd: false,
  createdAt: '2026-02-01T12:00:00.000Z',
};

function renderDetail(opts: { wine?: Wine; reviews?: UserReview[]; experts?: ExpertReview[] } = {}) {
  // A guest, unless the test answers the network itself.
  if (server.listHandlers().length === 0) fakeApi();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (opts.wine) queryClient.setQueryData(['wine', ID], opts.wine);
  queryClient.setQueryData(['wines', ID, 'reviews'], opts.reviews ?? []);
  queryClient.setQueryData(['expert-reviews', 'featured'], opts.experts ?? []);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/wine/${ID}`]}>
        <AppAuthProvider>
          <Routes>
            <Route path="/wine/:id" element={<WineDetailPage />} />
          </Routes>
        </AppAuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WineDetailPage', () => {
  it('names the size beside the price when it is not an ordinary 75 cl bottle', () => {
    renderDetail({ wine: makeWine({ volumeMl: 3000, packaging: 'Box', price: 164, pricePerLitre: 55 }) });
    expect(screen.getByText('3 l · Box · 55 kr/l')).toBeTruthy();
  });

  it('shows the price per litre and the date of the price', () => {
    renderDetail({ wine: makeWine({ price: 329, pricePerLitre: 439, priceDate: '2026-08-22' }) });
    expect(screen.getByText('439 kr/l')).toBeTruthy();
    expect(screen.getByText('pris 2026-08-22')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Prishistorik' })).toBeNull();
  });

  it('shows the earlier prices oldest first, then the current one', () => {
    renderDetail({
      wine: makeWine({
        price: 329,
        vintage: 2021,
        priceDate: '2026-08-22',
        priceHistory: [
          { price: 249, vintage: 2017, volumeMl: 750, priceDate: '2021-09-21' },
          { price: 299, vintage: 2019, volumeMl: 750, priceDate: '2024-02-01' },
        ],
      }),
    });
    const table = screen.getByRole('table');
    const rows = Array.from(table.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent));
    expect(screen.getByRole('heading', { name: 'Prishistorik' })).toBeTruthy();
    expect(rows).toEqual([
      ['2021-09-21', '249 kr', '2017', '75 cl'],
      ['2024-02-01', '299 kr', '2019', '75 cl'],
      ['2026-08-22', '329 kr', '2021', '75 cl'],
    ]);
  });

  it("marks a wine no longer sold 'Utgått', with the date of the assortment that says so", () => {
    renderDetail({ wine: makeWine({ isDiscontinued: true, discontinuedOn: '2026-08-22', priceDate: '2021-09-21' }) });
    const note = screen.getByRole('note');
    expect(note.textContent).toBe('UtgåttVinet finns inte längre i Systembolagets sortiment (sortimentet 2026-08-22). Priset är det senast kända.');
    expect(screen.getByText('pris 2021-09-21')).toBeTruthy();
  });

  it('shows the medal design awarded at approval beside the category medals, and the review mark', () => {
    renderDetail({ wine: makeWine({ medal: { id: 'arets-fynd', name: 'Årets fynd', category: 'FYND' } }) });
    const medals = screen.getByRole('list', { name: 'Utmärkelser' });
    expect(within(medals).getByRole('img', { name: 'Årets fynd' }).getAttribute('src')).toBe('/api/medal-designs/arets-fynd.svg');
    expect(within(medals).getByRole('img', { name: 'Fynd' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Granskad av Vinpressen' })).toBeTruthy();
  });

  it('shows the wine: name with vintage, price, facts, pairings and occasions', () => {
    renderDetail({ wine: makeWine() });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Barolo Classico 2017');
    expect(document.title).toBe('Barolo Classico 2017 – Vinpressen');
    expect(screen.getByText('329 kr')).toBeTruthy();
    expect(screen.getByText('Piemonte')).toBeTruthy();
    expect(screen.getByText('Nebbiolo')).toBeTruthy();
    expect(screen.getByText('14 %')).toBeTruthy();
    expect(screen.getByText('75 cl')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Granskad av Vinpressen' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Fynd' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Aktuella Vintips' })).toBeTruthy();

    const food = screen.getByRole('region', { name: 'PASSAR BRA TILL' });
    expect(
      within(food)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kött', 'Ost', 'tryffel']);
    const occasions = screen.getByRole('region', { name: 'REKOMMENDERAS TILL' });
    expect(
      within(occasions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Middag', 'Firande']);

    const buy = screen.getByRole('link', { name: /Köp nu/ });
    expect(buy.getAttribute('href')).toBe('https://www.systembolaget.se/12345');
    expect(buy.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Prenumerera' }).getAttribute('href')).toBe('/#nyhetsbrev');
  });

  it('hides taste bars whose value is null or below 0', () => {
    renderDetail({ wine: makeWine({ sweetness: 1, acidity: 4, body: null, tannins: -1 as unknown as number, fruity: null }) });
    const taste = screen.getByRole('region', { name: 'Smakprofil' });
    const rows = within(taste)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['Sötma1 av 5', 'Syra4 av 5']);
  });

  it('hides the whole taste profile when every value is missing', () => {
    render(<TasteProfile wine={{ sweetness: null, acidity: null, body: null, tannins: null, fruity: null }} />);
    expect(screen.queryByText('Smakprofil')).toBeNull();
  });

  it('hides a pairing heading whose list is empty', () => {
    renderDetail({ wine: makeWine({ foodPairings: [], occasions: [] }) });
    expect(screen.queryByText('PASSAR BRA TILL')).toBeNull();
    expect(screen.queryByText('REKOMMENDERAS TILL')).toBeNull();
  });

  it('lists community and expert reviews', () => {
    renderDetail({ wine: makeWine(), reviews: [USER_REVIEW], experts: [EXPERT_REVIEW] });
    const folk = screen.getByRole('region', { name: 'FOLKETS RECENSIONER' });
    expect(within(folk).getByRole('heading', { name: 'Anna Svensson' })).toBeTruthy();
    expect(within(folk).getByText('Verifierad')).toBeTruthy();
    expect(within(folk).getByText('5 mars 2026')).toBeTruthy();
    expect(within(folk).getByText('Fantastiskt till älggrytan.')).toBeTruthy();
    const experts = screen.getByRole('region', { name: 'VINEXPERTERS RECENSIONER' });
    expect(within(experts).getByText('Karin Lund')).toBeTruthy();
    expect(within(experts).getByText('KL')).toBeTruthy();
    expect(within(experts).getByRole('heading', { name: 'Ett Barolo att lägga ner' })).toBeTruthy();
  });

  it('shows the empty review states', () => {
    renderDetail({ wine: makeWine() });
    expect(screen.getByText('INGA RECENSIONER ÄN')).toBeTruthy();
    expect(screen.getByText('Vi väntar på våra första expertrecensioner.')).toBeTruthy();
  });

  it("shows 'Vin hittades inte' for an unknown wine", async () => {
    fakeApi({ [`GET /api/wines/${ID}`]: apiError(404, 'Vinet finns inte', 'not_found') });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Vin hittades inte' })).toBeTruthy();
    expect(screen.getByText('Det vin du letar efter finns inte längre eller har flyttats.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tillbaka till startsidan' }).getAttribute('href')).toBe('/');
  });

  it('copies the link when native sharing is not available', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderDetail({ wine: makeWine() });
    fireEvent.click(screen.getByRole('button', { name: 'Dela' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(window.location.href));
  });
});

const member = buildUser({ username: 'anna' });

function myReview(overrides: Partial<MyReview> = {}): MyReview {
  return {
    id: '8e8e8e8e-1111-4111-8111-0123456789ab',
    wineId: ID,
    userId: member.id,
    content: 'Gott.',
    priceWorthRating: 3,
    qualityRating: 3,
    overallExperience: 3,
    status: 'pending',
    createdAt: '2026-03-05T12:00:00.000Z',
    wine: { id: ID, name: 'Barolo Classico', vintage: 2017 },
    finalRating: null,
    rejectionReason: null,
    publishedAt: null,
    ...overrides,
  };
}

/**
 * The API behind the whole app at /wine/{id}: a session that starts on a successful sign-in or registration,
 * the member's own reviews (`mine`), and a review submission that adds to them.
 */
function wineServer({ signedIn = false, mine = [] as MyReview[], wine = makeWine() } = {}) {
  let session = signedIn;
  let reviews = mine;
  return fakeApi({
    'GET /api/auth/current': () => (session ? json(200, member) : apiError(401, 'Du måste vara inloggad.', 'unauthenticated')),
    'POST /api/auth/login': () => {
      session = true;
      return json(200, member);
    },
    'POST /api/auth/register': () => {
      session = true;
      return json(201, member);
    },
    [`GET /api/wines/${ID}`]: json(200, wine),
    [`GET /api/wines/${ID}/reviews`]: json(200, []),
    'GET /api/expert-reviews/featured': json(200, []),
    'GET /api/user/reviews': () => (session ? json(200, { items: reviews }) : apiError(401, 'Du måste vara inloggad.', 'unauthenticated')),
    [`POST /api/wines/${ID}/reviews`]: (init) => {
      const body = JSON.parse(String(init?.body)) as ReviewCreate;
      reviews = [myReview({ content: body.content })];
      return json(201, { ...reviews[0], wine: undefined });
    },
  });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const submitForm = (dialog: HTMLElement, button: string) => fireEvent.submit(within(dialog).getByRole('button', { name: button }).closest('form')!);

/** As a guest: 'LOGGA IN FÖR ATT RÖSTA', then signs in as anna@example.se in the dialog it opens. */
async function signInThroughCallToAction() {
  fireEvent.click(await screen.findByRole('button', { name: 'LOGGA IN FÖR ATT RÖSTA' }));
  const login = await screen.findByRole('dialog', { name: 'Välkommen tillbaka' });
  type(within(login).getByLabelText('E-postadress'), 'anna@example.se');
  type(within(login).getByLabelText('Lösenord'), 'hemligt1');
  submitForm(login, 'Logga in');
}

describe('the review call-to-action', () => {
  it("asks a guest to sign in ('LOGGA IN FÖR ATT RÖSTA'); after signing in the review dialog opens", async () => {
    const api = wineServer();
    renderApp(`/wine/${ID}`);
    await signInThroughCallToAction();

    const review = await screen.findByRole('dialog', { name: 'Barolo Classico 2017' });
    expect(within(review).getByLabelText('Din recension')).toBeTruthy();
    expect(api.calls('GET /api/user/reviews').length).toBeGreaterThan(0);
    // The 'Inloggad!' toast is cleared rather than left over the form's buttons for its 5 s.
    await waitFor(() => expect(screen.queryByText('Inloggad!')).toBeNull());
  });

  it('opens the review dialog after registering through the same dialog', async () => {
    wineServer();
    renderApp(`/wine/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'LOGGA IN FÖR ATT RÖSTA' }));
    const auth = await screen.findByRole('dialog', { name: 'Välkommen tillbaka' });
    fireEvent.click(within(auth).getByRole('tab', { name: 'Registrera' }));
    type(within(auth).getByLabelText('Användarnamn'), 'anna');
    type(within(auth).getByLabelText('E-postadress'), 'anna@example.se');
    type(within(auth).getByLabelText('Lösenord'), 'hemligt1');
    type(within(auth).getByLabelText('Bekräfta lösenord'), 'hemligt1');
    submitForm(auth, 'Skapa konto');
    expect(await screen.findByRole('dialog', { name: 'Barolo Classico 2017' })).toBeTruthy();
  });

  it('does not open the dialog after signing in when the member has already reviewed the wine', async () => {
    wineServer({ mine: [myReview({ status: 'approved', finalRating: 4 })] });
    renderApp(`/wine/${ID}`);
    await signInThroughCallToAction();
    await findToast('Du har redan recenserat det här vinet', 'Status: publicerad. Du hittar den under Mina recensioner.');
    expect(await screen.findByText('Du har recenserat det här vinet')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Barolo Classico 2017' })).toBeNull();
  });

  it("offers a member 'LÄMNA RECENSION NU'; after sending, the list is refreshed and the status 'väntar' shown", async () => {
    const api = wineServer({ signedIn: true });
    renderApp(`/wine/${ID}`);
    expect(screen.queryByRole('button', { name: 'LOGGA IN FÖR ATT RÖSTA' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'LÄMNA RECENSION NU' }));
    const dialog = await screen.findByRole('dialog', { name: 'Barolo Classico 2017' });
    type(within(dialog).getByLabelText('Din recension'), 'Stram och fin.');
    submitForm(dialog, 'Skicka recension');

    await findToast('Recension skickad!', 'Tack! Den granskas av vårt AI-system och publiceras inom kort.');
    expect(api.calls(`POST /api/wines/${ID}/reviews`)).toEqual([
      { content: 'Stram och fin.', priceWorthRating: 3, qualityRating: 3, overallExperience: 3, userId: member.id, wineId: ID },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Du har recenserat det här vinet')).toBeTruthy();
    expect(screen.getByText('väntar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'LÄMNA RECENSION NU' })).toBeNull();
    expect(api.calls(`GET /api/wines/${ID}/reviews`).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the status of an existing review, and the reason when it was rejected, instead of inviting a second one', async () => {
    wineServer({ signedIn: true, mine: [myReview({ status: 'rejected', rejectionReason: 'Handlar inte om vinet.' })] });
    renderApp(`/wine/${ID}`);
    expect(await screen.findByText('Du har recenserat det här vinet')).toBeTruthy();
    expect(screen.getByText('avvisad')).toBeTruthy();
    expect(screen.getByText(/Anledning: Handlar inte om vinet\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se dina recensioner' }).getAttribute('href')).toBe('/mina-recensioner');
    expect(screen.queryByRole('button', { name: 'LÄMNA RECENSION NU' })).toBeNull();
  });
});

describe('WineRating', () => {
  it('shows the rating in glasses with its number and the number of published reviews', () => {
    render(<WineRating rating={4.5} count={2} />);
    expect(screen.getByText('4,5')).toBeTruthy();
    expect(screen.getByText('av 5')).toBeTruthy();
    expect(screen.getByText('Baserat på 2 publicerade recensioner')).toBeTruthy();
  });

  it("says 'Inget betyg än' for an unrated wine", () => {
    render(<WineRating rating={null} count={0} />);
    expect(screen.getByText('Inget betyg än')).toBeTruthy();
  });

  it("shows the wine's rating on its page", async () => {
    wineServer({ wine: makeWine({ rating: 3.8 }) });
    renderApp(`/wine/${ID}`);
    const band = await screen.findByRole('region', { name: 'Betyg och recension' });
    expect(within(band).getByText('3,8')).toBeTruthy();
  });
});

describe('formatVolume', () => {
  it('shows bottles in cl', () => expect(formatVolume(750)).toBe('75 cl'));
  it('shows boxes in litres', () => expect(formatVolume(3000)).toBe('3 l'));
  it('keeps a decimal comma', () => expect(formatVolume(1500)).toBe('1,5 l'));
  it('is empty when unknown', () => expect(formatVolume(null)).toBe(''));
});
