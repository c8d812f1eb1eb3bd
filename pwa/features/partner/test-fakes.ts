// A fake of the partner endpoints for the partner screens' component tests: the real app (providers, router,
// pages, api-client, the device's IndexedDB through fake-indexeddb and the outbox) with only `fetch` replaced. Wines
// live in memory; create/update/submit and the sync follow the server's rules (drafts only). Not part of the app
// bundle. The sync endpoint's own rules (merge, conflicts, replay) are proven against the real API elsewhere.
import { vi } from 'vitest';
import type { CurrentUser } from '../../../api/contract/auth';
import type { PartnerCurrent, PartnerWine } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { db } from '../../lib/db';
import { stopOutbox } from './outbox/runtime';
import { apiError, buildUser, json } from '../../test/test-utils';

export const PARTNER_USER: CurrentUser = buildUser({
  id: '0b5c6f3a-9d2e-4f1a-8c7b-1a2b3c4d5e6f',
  username: 'vingarden',
  email: 'per@vingarden.se',
  firstName: 'Per',
  lastName: 'Persson',
  role: 'partner',
});

export function buildCurrent(
  overrides: { user?: Partial<PartnerCurrent['user']>; partner?: Partial<PartnerCurrent['partner']> } = {},
): PartnerCurrent {
  return {
    user: {
      id: PARTNER_USER.id,
      role: 'partner',
      firstName: 'Per',
      lastName: 'Persson',
      email: 'per@vingarden.se',
      username: 'vingarden',
      ...overrides.user,
    },
    partner: {
      companyName: 'Vingården AB',
      contactName: 'Per Persson',
      phone: '+46701234567',
      createdAt: '2026-03-05T10:00:00.000Z',
      ...overrides.partner,
    },
  };
}

let n = 0;
/** A partner wine: a draft at 149 kr, rating 4, with every recommended fact. */
export function buildPartnerWine(overrides: Partial<PartnerWine> = {}): PartnerWine {
  n += 1;
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Gårdsvin ${n}`,
    description: 'Fruktigt och friskt med toner av röda bär.',
    price: 149,
    rating: 4,
    vintage: 2023,
    country: 'Sverige',
    region: 'Skåne',
    grapeVariety: 'Solaris',
    alcoholContent: 12.5,
    systembolagetUrl: null,
    imageUrl: null,
    sweetness: null,
    acidity: null,
    body: null,
    tannins: null,
    fruity: null,
    foodPairings: [],
    occasions: [],
    approvalStatus: 'draft',
    isGranskadVinpressen: false,
    medal: null,
    rejectionReason: null,
    version: 1,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    submittedAt: null,
    ...overrides,
  };
}

interface SyncBodyLike {
  mutations: { mutationId: string; type: 'upsertWine' | 'submitWine'; wineId: string; patch: Record<string, unknown> }[];
}

/** The patches the device sent through POST /api/partner/sync, in order (type, wine id, changed fields). */
export function sentMutations(requests: FakeRequest[]): SyncBodyLike['mutations'] {
  return requests.filter((r) => r.method === 'POST' && r.path === '/api/partner/sync').flatMap((r) => (r.body as SyncBodyLike).mutations);
}

/**
 * Test set-up for screens that read and write the device: an empty IndexedDB (fake-indexeddb) and no
 * running outbox before each test. Call from beforeEach/afterEach.
 */
export async function resetDevice(): Promise<void> {
  stopOutbox();
  db.close();
  await db.delete();
  await db.open();
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

export type Override = (req: FakeRequest) => Response | Promise<Response> | undefined;

/**
 * Stubs fetch with a signed-in partner (`current`, or a 401 when null) and the partner wine endpoints over
 * `wines`. `override` answers first when it returns a Response. Returns the live wines and every request.
 */
export function fakePartnerServer(
  wines: PartnerWine[] = [],
  {
    current = buildCurrent(),
    settings = {},
    override = () => undefined,
  }: { current?: PartnerCurrent | null; settings?: Record<string, string>; override?: Override } = {},
) {
  const state = { wines: [...wines] };
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const req = { method, path: url.pathname + url.search, body };
    requests.push(req);
    const custom = await override(req);
    if (custom) return custom.clone();
    return route(req);
  });

  function route({ method, path, body }: FakeRequest): Response {
    const key = `${method} ${path}`;
    if (key === 'GET /api/auth/current') return current ? json(200, PARTNER_USER) : apiError(401, 'Du måste vara inloggad.', 'unauthenticated');
    if (key === 'GET /api/settings/public') return json(200, settings);
    if (!path.startsWith('/api/partner/')) return apiError(404, 'Hittades inte', 'not_found');
    if (!current) return apiError(401, 'Du måste vara inloggad.', 'unauthenticated');
    if (key === 'GET /api/partner/current') return json(200, current);
    if (key === 'GET /api/partner/wines') return json(200, { items: state.wines, total: state.wines.length });
    if (key === 'POST /api/partner/sync') return json(200, { results: (body as SyncBodyLike).mutations.map(applyMutation) });
    if (key === 'POST /api/partner/wines') {
      const wine = buildPartnerWine({ ...(body as Partial<PartnerWine>), approvalStatus: 'draft' });
      state.wines = [wine, ...state.wines];
      return json(201, wine);
    }
    const match = /^\/api\/partner\/wines\/([^/]+)(\/submit)?$/.exec(path);
    const wine = match && state.wines.find((w) => w.id === decodeURIComponent(match[1]!));
    if (!match) return apiError(404, 'Hittades inte', 'not_found');
    if (!wine) return apiError(404, M.wineNotFound, 'not_found');
    if (method === 'GET' && !match[2]) return json(200, wine);
    if (method === 'PUT' && !match[2]) {
      if (wine.approvalStatus !== 'draft') return apiError(409, M.notEditable, 'not_editable');
      Object.assign(wine, body as Partial<PartnerWine>, { version: wine.version + 1 });
      return json(200, wine);
    }
    if (method === 'POST' && match[2]) {
      if (wine.approvalStatus !== 'draft') return apiError(409, M.alreadySubmitted, 'not_draft');
      Object.assign(wine, { approvalStatus: 'pending', submittedAt: '2026-11-23T10:00:00.000Z' });
      return json(200, wine);
    }
    return apiError(404, 'Hittades inte', 'not_found');
  }

  /** POST /api/partner/sync per the server's rules: upsert (create by the client's id, or patch a draft), submit a draft. */
  function applyMutation(m: SyncBodyLike['mutations'][number]) {
    const wine = state.wines.find((w) => w.id === m.wineId);
    const applied = (w: PartnerWine) => ({ mutationId: m.mutationId, status: 'applied', version: w.version, approvalStatus: w.approvalStatus });
    const rejected = (error: string, w?: PartnerWine) => ({ mutationId: m.mutationId, status: 'rejected', error, approvalStatus: w?.approvalStatus });
    if (m.type === 'upsertWine') {
      if (!wine) {
        const created = buildPartnerWine({ ...(m.patch as Partial<PartnerWine>), id: m.wineId, approvalStatus: 'draft' });
        state.wines = [created, ...state.wines];
        return applied(created);
      }
      if (wine.approvalStatus !== 'draft') return rejected(M.notEditable, wine);
      Object.assign(wine, m.patch, { version: wine.version + 1 });
      return applied(wine);
    }
    if (!wine) return rejected(M.wineNotFound);
    if (wine.approvalStatus !== 'draft') return rejected(M.alreadySubmitted, wine);
    Object.assign(wine, { approvalStatus: 'pending', submittedAt: '2026-11-23T10:00:00.000Z', version: wine.version + 1 });
    return applied(wine);
  }

  vi.stubGlobal('fetch', fetchMock);
  return {
    state,
    requests,
    /** The requests made to 'METHOD /path'. */
    made: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}
