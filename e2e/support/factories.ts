import { type APIRequestContext, type APIResponse, type Browser, request } from '@playwright/test';
import type { AdminWine, AdminWineCreate } from '../../api/contract/admin-wines';
import type { Article, ArticleInput } from '../../api/contract/content';
import { adminSessionCookies } from '../pages/admin';
import { test as dbTest, titleOf } from './db';
import { E2E_PORT } from './ports';

// Factories of the browser tests: each makes the rows one test needs through the real API, as the admin or a member
// would (the admin's session is signInAsAdmin's), with unique names, and returns what it made. No test picks a shared
// row by its place in a list: another spec's writes could move it. Partners are made in Postgres (createPartner in
// e2e/support/partner-offline.ts, or buildPartner): their registration is rate-limited per address and mails a link.

const SITE = `http://localhost:${E2E_PORT}`;
/** The Origin a browser sends with a write (the CSRF guard refuses writes without it). */
const HEADERS = { Origin: SITE };

/** A short tag unique within the run (time + random, base 36), for names, e-mails and titles. */
export const uniqueTag = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The password of every member these factories make. */
export const MEMBER_PASSWORD = 'e2e-medlem-lösen-1';

/** A wine made by `make.wine`: the admin API's answer and the title cards and the detail page show (titleOf). */
export type TestWine = AdminWine & { title: string };

/** A member made by `make.member`, ready to sign in with MEMBER_PASSWORD. */
export interface TestMember {
  id: string;
  username: string;
  email: string;
  role: 'user' | 'moderator';
  firstName: string;
  lastName: string;
}

/** The scores of a review (each 1–5) and its text. */
export interface ReviewFields {
  content: string;
  priceWorthRating: number;
  qualityRating: number;
  overallExperience: number;
}

/** Reads a 201 answer's JSON. @throws Error naming `what` and the server's answer otherwise */
async function created<T>(res: APIResponse, what: string): Promise<T> {
  if (res.status() !== 201) throw new Error(`${what}: the server answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The factories of one test; its API clients are disposed when the test ends. */
export class Factories {
  private admin: Promise<APIRequestContext> | undefined;
  private readonly clients: APIRequestContext[] = [];

  constructor(private readonly browser: Browser) {}

  private async client(cookies: Awaited<ReturnType<typeof adminSessionCookies>> = []): Promise<APIRequestContext> {
    const client = await request.newContext({ baseURL: SITE, storageState: { cookies, origins: [] }, extraHTTPHeaders: HEADERS });
    this.clients.push(client);
    return client;
  }

  /** An API client signed in as the e2e admin (the session signInAsAdmin gives pages). */
  adminApi(): Promise<APIRequestContext> {
    this.admin ??= adminSessionCookies(this.browser).then((cookies) => this.client(cookies));
    return this.admin;
  }

  /**
   * A published wine added by the admin (POST /api/admin/wines, spec 001 §5): 'E2E-vin <tag>', 149 SEK, a full taste
   * profile (scales 1–5), food pairings and occasions, no category, unless `fields` say otherwise. The vintage is the
   * current year unless given (the API's default).
   * @throws Error when the API refuses it
   */
  async wine(fields: Partial<AdminWineCreate> = {}): Promise<TestWine> {
    const api = await this.adminApi();
    const wine = await created<AdminWine>(
      await api.post('/api/admin/wines', {
        data: {
          name: `E2E-vin ${uniqueTag()}`,
          description: 'Mörka körsbär, viol och en lång, stram eftersmak.',
          price: 149,
          country: 'Frankrike',
          region: 'Bourgogne',
          grapeVariety: 'Pinot noir',
          alcoholContent: 13,
          sweetness: 1,
          acidity: 4,
          body: 3,
          tannins: 2,
          fruity: 4,
          foodPairings: ['meat', 'cheese'],
          occasions: ['dinner'],
          ...fields,
        },
      }),
      'make.wine',
    );
    return { ...wine, title: titleOf(wine) };
  }

  /**
   * A member with a verified e-mail and MEMBER_PASSWORD, created by the admin (POST /api/users, spec 001 §2 'Users
   * tab'): role 'user' unless `role` says 'moderator'.
   * @throws Error when the API refuses it
   */
  async member(opts: { role?: 'user' | 'moderator'; firstName?: string; lastName?: string } = {}): Promise<TestMember> {
    const role = opts.role ?? 'user';
    const username = `e2e${role === 'user' ? 'medlem' : 'mod'}${uniqueTag()}`;
    const firstName = opts.firstName ?? 'Elin';
    const lastName = opts.lastName ?? 'Recensent';
    const api = await this.adminApi();
    const user = await created<{ id: string; email: string }>(
      await api.post('/api/users', {
        data: { username, email: `${username}@example.se`, firstName, lastName, password: MEMBER_PASSWORD, role, isVerified: true },
      }),
      'make.member',
    );
    return { id: user.id, username, email: user.email, role, firstName, lastName };
  }

  /**
   * A review of `wineId` by `member`, sent as the member sends it (signed in through POST /api/auth/login in an API
   * client of its own, then POST /api/wines/{id}/reviews): pending until a moderator decides (spec 001 §2). Returns
   * the review's id.
   * @throws Error when the sign-in or the review is refused
   */
  async review(member: TestMember, wineId: string, review: ReviewFields): Promise<string> {
    const api = await this.client();
    const login = await api.post('/api/auth/login', { data: { email: member.email, password: MEMBER_PASSWORD } });
    if (login.status() !== 200) throw new Error(`make.review: sign-in answered ${login.status()}: ${await login.text()}`);
    return (await created<{ id: string }>(await api.post(`/api/wines/${wineId}/reviews`, { data: review }), 'make.review')).id;
  }

  /**
   * An article saved by the admin (POST /api/admin/articles, spec 001 §2 'Articles'): a draft unless `isPublished`.
   * @throws Error when the API refuses it
   */
  async article(input: ArticleInput): Promise<Article> {
    const api = await this.adminApi();
    return created<Article>(await api.post('/api/admin/articles', { data: input }), 'make.article');
  }

  /** Disposes the API clients (the rows stay: every name is unique). */
  async dispose(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.dispose()));
  }
}

/** `test` of e2e/support/db.ts with a `make` fixture: this test's Factories. */
export const test = dbTest.extend<{ make: Factories }>({
  make: async ({ browser }, use) => {
    const make = new Factories(browser);
    await use(make);
    await make.dispose();
  },
});
export { expect } from '@playwright/test';
