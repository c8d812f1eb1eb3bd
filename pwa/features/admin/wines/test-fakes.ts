// A fake of the admin wine endpoints for the component tests of the Wines and Partner review tabs: the real
// app with only the network answered by MSW handlers. It keeps the wines in memory, filters and pages them like
// the server, and reads create/update bodies with the contract's own schemas (so '299 kr' is stored as 299). Not
// part of the app bundle.
import { http } from 'msw';
import { AdminWineCreate, AdminWineUpdate, type AdminWine, type AdminWinePage } from '../../../../api/contract/admin-wines';
import type { MedalDesign } from '../../../../api/contract/medal-designs';
import { ApproveWineBody, RejectWineBody } from '../../../../api/contract/partner-review';
import { PARTNER_MESSAGES } from '../../../../api/contract/partner-rules';
import type { WineCategory } from '../../../../api/contract/constants';
import { answerOrNetworkError, type RecordedRequest, recordRequest, server } from '../../../test/msw';
import { apiError, buildUser, json } from '../../../test/test-utils';
import type { PartnerWine } from './api';

export const ADMIN = buildUser({ role: 'admin', authType: 'admin', username: 'redaktionen', email: 'red@vinpressen.se', firstName: 'Rut' });

let n = 0;
/** An admin wine with sensible defaults (an approved Systembolaget wine at 149 kr). */
export function buildAdminWine(overrides: Partial<PartnerWine> = {}): PartnerWine {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Testvin ${n}`,
    description: 'Fruktig smak med inslag av körsbär.',
    price: 149,
    rating: null,
    communityRating: null,
    categories: [],
    vintage: 2020,
    country: 'Frankrike',
    region: 'Bourgogne',
    grapeVariety: 'Pinot noir',
    alcoholContent: 13,
    systembolagetUrl: null,
    imageUrl: null,
    sweetness: null,
    acidity: null,
    body: null,
    tannins: null,
    fruity: null,
    foodPairings: [],
    occasions: [],
    isGranskadVinpressen: false,
    medal: null,
    approvalStatus: 'approved',
    producer: null,
    volumeMl: 750,
    wineType: 'Rött vin',
    packaging: 'Flaska',
    style: null,
    color: null,
    serving: null,
    productNumber: null,
    isOrganic: null,
    createdAt: '2026-11-23T09:00:00.000Z',
    pricePerLitre: 199,
    priceDate: '2021-09-21',
    launchDate: '2019-03-01',
    isDiscontinued: false,
    discontinuedOn: null,
    productId: null,
    source: 'systembolaget',
    rejectionReason: null,
    updatedAt: '2026-11-23T09:00:00.000Z',
    submittedAt: null,
    reviewedAt: null,
    partner: null,
    owner: null,
    ...overrides,
  };
}

/** A request as the fake received it: `init` has its method, headers and body (the JSON as text, or the FormData). */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  init: Pick<RecordedRequest, 'method' | 'headers' | 'body'>;
}

type Handler = (req: { url: URL; init: FakeRequest['init'] }) => Response | Promise<Response> | undefined;

/** A medal design as GET /api/admin/medal-designs answers it. */
export function buildMedalDesign(overrides: Partial<MedalDesign> & Pick<MedalDesign, 'id' | 'name'>): MedalDesign {
  return {
    category: 'FYND',
    primaryColor: null,
    accentColor: null,
    svgUrl: `/api/medal-designs/${overrides.id}.svg`,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * Answers, through the MSW server (pwa/test/msw.ts), an admin session and the wine endpoints over `wines` (newest
 * first as given), the partner review's lists and decisions (read with the contract's own schemas, answering 409
 * 'not_pending' and the unknown medal's 400 like the server) and the medal designs `medals`; any other /api/ path
 * answers 404. `override` answers a request first when it returns a Response (e.g. a 500 for a failure test).
 * Returns the live list and every request made.
 */
export function fakeWinesServer(wines: PartnerWine[], override: Handler = () => undefined, medals: MedalDesign[] = []) {
  // Copies: the decisions change the stored wines, never the test's own objects.
  const state = { wines: wines.map((w) => ({ ...w })) };
  const requests: FakeRequest[] = [];
  const bodyOf = (req: FakeRequest) => JSON.parse(String(req.init.body ?? '{}')) as unknown;

  /** An MSW resolver that records the request, lets `override` answer first, then `respond`. */
  const serve =
    (respond: (req: FakeRequest, params: Record<string, string>) => Response) =>
    async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      const { method, url, headers, body } = await recordRequest(request);
      const req: FakeRequest = { method, path: url.pathname, query: url.searchParams, init: { method, headers, body } };
      requests.push(req);
      return (await answerOrNetworkError(() => override({ url, init: req.init }))) ?? respond(req, params as Record<string, string>);
    };

  const reviewList = (status: 'pending' | 'rejected') =>
    serve(({ query }) => {
      const time = (w: PartnerWine) => Date.parse((status === 'pending' ? w.submittedAt : w.reviewedAt) ?? w.createdAt);
      const list = state.wines
        .filter((w) => w.source === 'partner' && w.approvalStatus === status)
        .sort((a, b) => (status === 'pending' ? time(a) - time(b) : time(b) - time(a)));
      return json(200, listPage(list, query));
    });

  const decide = (req: FakeRequest, id: string, decision: string) => {
    const wine = state.wines.find((w) => w.id === id);
    if (!wine) return apiError(404, 'Vinet finns inte.', 'not_found');
    const reviewedAt = new Date().toISOString();
    if (decision === 'approve') {
      const parsed = ApproveWineBody.safeParse(bodyOf(req));
      if (!parsed.success) return validationError(parsed.error.issues);
      if (wine.approvalStatus !== 'pending') return apiError(409, PARTNER_MESSAGES.notPending, 'not_pending');
      const medal = parsed.data.medalDesignId ? medals.find((m) => m.id === parsed.data.medalDesignId) : null;
      if (medal === undefined) return apiError(400, PARTNER_MESSAGES.medalUnknown, 'validation_failed');
      Object.assign(wine, {
        approvalStatus: 'approved',
        categories: parsed.data.categories,
        isGranskadVinpressen: parsed.data.isGranskadVinpressen,
        medal: medal ? { id: medal.id, name: medal.name, category: medal.category } : null,
        rejectionReason: null,
        reviewedAt,
      });
    } else {
      const parsed = RejectWineBody.safeParse(bodyOf(req));
      if (!parsed.success) return validationError(parsed.error.issues);
      if (wine.approvalStatus !== 'pending') return apiError(409, PARTNER_MESSAGES.notPending, 'not_pending');
      Object.assign(wine, {
        approvalStatus: 'rejected',
        rejectionReason: parsed.data.reason,
        isGranskadVinpressen: false,
        medal: null,
        reviewedAt,
      });
    }
    return json(200, wine);
  };

  server.resetHandlers(
    http.get(
      '/api/auth/current',
      serve(() => json(200, ADMIN)),
    ),
    http.get(
      '/api/admin/medal-designs',
      serve(() => json(200, { items: medals })),
    ),
    http.get('/api/admin/wines/pending', reviewList('pending')),
    http.get('/api/admin/wines/rejected', reviewList('rejected')),
    http.post(
      '/api/admin/wines/:id/approve',
      serve((req, { id }) => decide(req, id!, 'approve')),
    ),
    http.post(
      '/api/admin/wines/:id/reject',
      serve((req, { id }) => decide(req, id!, 'reject')),
    ),
    http.get(
      '/api/admin/wines',
      serve(({ query }) => json(200, listPage(state.wines, query))),
    ),
    http.post(
      '/api/admin/wines',
      serve((req) => {
        const parsed = AdminWineCreate.safeParse(bodyOf(req));
        if (!parsed.success) return validationError(parsed.error.issues);
        const wine = buildAdminWine({ ...parsed.data, source: 'admin', createdAt: new Date().toISOString() });
        state.wines.unshift(wine);
        return json(201, wine);
      }),
    ),
    http.put(
      '/api/admin/wines/:id',
      serve((req, { id }) => {
        const index = state.wines.findIndex((w) => w.id === id);
        if (index < 0) return apiError(404, 'Vinet finns inte.', 'not_found');
        const parsed = AdminWineUpdate.safeParse(bodyOf(req));
        if (!parsed.success) return validationError(parsed.error.issues);
        const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
        state.wines[index] = { ...state.wines[index]!, ...defined };
        return json(200, state.wines[index]);
      }),
    ),
    http.delete(
      '/api/admin/wines/:id',
      serve((_req, { id }) => {
        const wine = state.wines.find((w) => w.id === id);
        if (!wine) return apiError(404, 'Vinet finns inte.', 'not_found');
        state.wines = state.wines.filter((w) => w !== wine);
        return json(200, { id: wine.id, name: wine.name, removed: { reviews: 0, expertReviews: 0, sliderEntries: 0 } });
      }),
    ),
    http.all(
      '/api/*',
      serve(() => apiError(404, 'Hittades inte', 'not_found')),
    ),
  );
  return {
    state,
    requests,
    /** The requests 'METHOD /path' so far. */
    made: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

function validationError(issues: { path: PropertyKey[]; message: string }[]) {
  return apiError(
    400,
    'Uppgifterna är inte giltiga.',
    'validation_failed',
    issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message })),
  );
}

/** The server's filters: q in name/region/grape, category, approvalStatus, source; then limit/offset. */
function listPage(wines: PartnerWine[], query: URLSearchParams): AdminWinePage {
  const q = query.get('q')?.toLowerCase();
  const category = query.get('category') as WineCategory | null;
  const status = query.get('approvalStatus');
  const source = query.get('source');
  const matching = wines.filter(
    (w: AdminWine) =>
      (!q || [w.name, w.region, w.grapeVariety].some((t) => t?.toLowerCase().includes(q))) &&
      (!category || w.categories.includes(category)) &&
      (!status || w.approvalStatus === status) &&
      (!source || w.source === source),
  );
  const limit = Number(query.get('limit') ?? 50);
  const offset = Number(query.get('offset') ?? 0);
  return { items: matching.slice(offset, offset + limit), total: matching.length, limit, offset };
}
