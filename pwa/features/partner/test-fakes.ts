// A fake of the partner endpoints for the partner screens' component tests: the real app (providers, router,
// pages, api-client, the device's IndexedDB through fake-indexeddb and the outbox) with only the network answered
// by MSW handlers. Wines live in memory; create/update/submit/revise and the sync (upsert, submit, delete) follow the
// server's rules (drafts only; revise only a rejected wine).
// Not part of the app bundle. The sync endpoint's own rules (merge, conflicts, replay) are proven against the real API elsewhere.
import { http } from 'msw';
import type { CurrentUser } from '../../../api/contract/auth';
import type { PartnerCurrent, PartnerWine } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { db } from '../../lib/db';
import { stopOutbox } from './outbox/runtime';
import { answerOrNetworkError, jsonBody, recordRequest, server } from '../../test/msw';
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
  mutations: { mutationId: string; type: 'upsertWine' | 'submitWine' | 'deleteWine'; wineId: string; patch: Record<string, unknown> }[];
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
 * Answers, through the MSW server (pwa/test/msw.ts), a signed-in partner (`current`, or a 401 when null), the public
 * settings and the partner wine endpoints over `wines`; any other /api/ path answers 404. `override` answers first
 * when it returns a Response (or rejects with TypeError('Failed to fetch'): a failed connection). Returns the live wines and every request.
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

  /** An MSW resolver that records the request, lets `override` answer first, then `respond`. */
  const serve =
    (respond: (req: FakeRequest, params: Record<string, string>) => Response) =>
    async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      const recorded = await recordRequest(request);
      const req: FakeRequest = { method: recorded.method, path: recorded.path, body: jsonBody(recorded) };
      requests.push(req);
      const custom = await answerOrNetworkError(() => override(req));
      return custom ? custom.clone() : respond(req, params as Record<string, string>);
    };
  /** `serve` for the partner's own endpoints: 401 without a session. */
  const partnerOnly = (respond: (req: FakeRequest, params: Record<string, string>) => Response) =>
    serve((req, params) => (current ? respond(req, params) : apiError(401, 'Du måste vara inloggad.', 'unauthenticated')));
  /** `partnerOnly` for one of `wines` by its id: 404 for an unknown one. */
  const ownWine = (respond: (req: FakeRequest, wine: PartnerWine) => Response) =>
    partnerOnly((req, { id }) => {
      const wine = state.wines.find((w) => w.id === id);
      return wine ? respond(req, wine) : apiError(404, M.wineNotFound, 'not_found');
    });

  server.resetHandlers(
    http.get(
      '/api/auth/current',
      serve(() => (current ? json(200, PARTNER_USER) : apiError(401, 'Du måste vara inloggad.', 'unauthenticated'))),
    ),
    http.get(
      '/api/settings/public',
      serve(() => json(200, settings)),
    ),
    http.get(
      '/api/partner/current',
      partnerOnly(() => json(200, current)),
    ),
    http.get(
      '/api/partner/wines',
      partnerOnly(() => json(200, { items: state.wines, total: state.wines.length })),
    ),
    http.post(
      '/api/partner/sync',
      partnerOnly(({ body }) => json(200, { results: (body as SyncBodyLike).mutations.map(applyMutation) })),
    ),
    http.post(
      '/api/partner/wines',
      partnerOnly(({ body }) => {
        const wine = buildPartnerWine({ ...(body as Partial<PartnerWine>), approvalStatus: 'draft' });
        state.wines = [wine, ...state.wines];
        return json(201, wine);
      }),
    ),
    http.get(
      '/api/partner/wines/:id',
      ownWine((_req, wine) => json(200, wine)),
    ),
    http.put(
      '/api/partner/wines/:id',
      ownWine(({ body }, wine) => {
        if (wine.approvalStatus !== 'draft') return apiError(409, M.notEditable, 'not_editable');
        Object.assign(wine, body as Partial<PartnerWine>, { version: wine.version + 1 });
        return json(200, wine);
      }),
    ),
    http.post(
      '/api/partner/wines/:id/submit',
      ownWine((_req, wine) => {
        if (wine.approvalStatus !== 'draft') return apiError(409, M.alreadySubmitted, 'not_draft');
        Object.assign(wine, { approvalStatus: 'pending', submittedAt: '2026-11-23T10:00:00.000Z' });
        return json(200, wine);
      }),
    ),
    http.post(
      '/api/partner/wines/:id/revise',
      ownWine((_req, wine) => {
        if (wine.approvalStatus !== 'rejected') return apiError(409, M.notRejected, 'not_rejected');
        Object.assign(wine, { approvalStatus: 'draft', version: wine.version + 1 });
        return json(200, wine);
      }),
    ),
    http.all(
      '/api/partner/*',
      partnerOnly(() => apiError(404, 'Hittades inte', 'not_found')),
    ),
    http.all(
      '/api/*',
      serve(() => apiError(404, 'Hittades inte', 'not_found')),
    ),
  );

  /**
   * POST /api/partner/sync per the server's rules: upsert (create by the client's id, or patch a draft), submit a draft,
   * delete a draft (nothing to delete is applied too).
   */
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
    if (m.type === 'deleteWine') {
      if (!wine) return { mutationId: m.mutationId, status: 'applied' };
      if (wine.approvalStatus !== 'draft') return rejected(M.notDeletable, wine);
      state.wines = state.wines.filter((w) => w.id !== wine.id);
      return { mutationId: m.mutationId, status: 'applied' };
    }
    if (!wine) return rejected(M.wineNotFound);
    if (wine.approvalStatus !== 'draft') return rejected(M.alreadySubmitted, wine);
    Object.assign(wine, { approvalStatus: 'pending', submittedAt: '2026-11-23T10:00:00.000Z', version: wine.version + 1 });
    return applied(wine);
  }

  return {
    state,
    requests,
    /** The requests made to 'METHOD /path'. */
    made: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}
