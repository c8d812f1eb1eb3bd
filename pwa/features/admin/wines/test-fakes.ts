// A fake of the admin wine endpoints for the component tests of the Wines and Partner review tabs: the real
// app with only `fetch` replaced. It keeps the wines in memory, filters and pages them like the server, and
// reads create/update bodies with the contract's own schemas (so '299 kr' is stored as 299). Not part of the
// app bundle.
import { vi } from 'vitest';
import { AdminWineCreate, AdminWineUpdate, type AdminWine, type AdminWinePage } from '../../../../api/contract/admin-wines';
import type { WineCategory } from '../../../../api/contract/constants';
import { apiError, buildUser, json } from '../../auth/test-utils';
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

type Handler = (req: { url: URL; init: RequestInit | undefined }) => Response | Promise<Response> | undefined;

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  init: RequestInit | undefined;
}

/**
 * Stubs fetch with an admin session and the wine endpoints over `wines` (newest first as given).
 * `override` answers a request first when it returns a Response (e.g. a 500 for a failure test).
 * Returns the live list and every request made.
 */
export function fakeWinesServer(wines: PartnerWine[], override: Handler = () => undefined) {
  const state = { wines: [...wines] };
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    requests.push({ method, path: url.pathname, query: url.searchParams, init });
    const custom = await override({ url, init });
    if (custom) return custom;
    const key = `${method} ${url.pathname}`;
    const idMatch = /^\/api\/admin\/wines\/([^/]+)$/.exec(url.pathname);

    if (key === 'GET /api/auth/current') return json(200, ADMIN);
    if (key === 'GET /api/admin/wines') return json(200, listPage(state.wines, url.searchParams));
    if (key === 'POST /api/admin/wines') {
      const parsed = AdminWineCreate.safeParse(JSON.parse(String(init?.body)));
      if (!parsed.success) return validationError(parsed.error.issues);
      const wine = buildAdminWine({ ...parsed.data, source: 'admin', createdAt: new Date().toISOString() });
      state.wines.unshift(wine);
      return json(201, wine);
    }
    if (idMatch && method === 'PUT') {
      const index = state.wines.findIndex((w) => w.id === idMatch[1]);
      if (index < 0) return apiError(404, 'Vinet finns inte.', 'not_found');
      const parsed = AdminWineUpdate.safeParse(JSON.parse(String(init?.body)));
      if (!parsed.success) return validationError(parsed.error.issues);
      const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
      state.wines[index] = { ...state.wines[index]!, ...defined };
      return json(200, state.wines[index]);
    }
    if (idMatch && method === 'DELETE') {
      const wine = state.wines.find((w) => w.id === idMatch[1]);
      if (!wine) return apiError(404, 'Vinet finns inte.', 'not_found');
      state.wines = state.wines.filter((w) => w !== wine);
      return json(200, { id: wine.id, name: wine.name, removed: { reviews: 0, expertReviews: 0, sliderEntries: 0 } });
    }
    return apiError(404, 'Hittades inte', 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
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
