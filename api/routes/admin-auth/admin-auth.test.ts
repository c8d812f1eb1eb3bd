import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminSignIn } from '../../auth/admin-sign-in';
import { createApp } from '../../app';
import { PublicCache } from '../../lib/public-cache';
import { buildUser } from '../../test/factories';
import { createTestJobQueue, silentLogger, TEST_KEYS, useTestDatabase } from '../../test/test-db';

// The real OpenID Connect flow: our app (openid-client) against the development provider (oidc-provider)
// it mounts at /oidc, over real HTTP, with a cookie-keeping client that follows redirects like a browser.
const getDb = useTestDatabase();
const ADMIN = { email: 'chef@vinpressen.test', password: 'dev-admin-lösen' };

let server: Server;
let base: string;

async function startApp(opts: { adminEmails?: string[]; production?: boolean; devAccount?: typeof ADMIN } = {}) {
  server = await new Promise<Server>((resolve) => {
    const s = createAppServer();
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const account = opts.devAccount ?? ADMIN;
  const adminSignIn = await createAdminSignIn(
    {
      publicUrl: base,
      nodeEnv: opts.production ? 'production' : 'development',
      trustProxy: false,
      oidc: {
        issuer: undefined,
        clientId: undefined,
        clientSecret: undefined,
        providerName: undefined,
        adminEmails: opts.adminEmails ?? [],
        devAdminEmail: account.email,
        devAdminPassword: account.password,
      },
    },
    TEST_KEYS,
  );
  const { db, url } = getDb();
  const app = createApp({
    db,
    log: silentLogger,
    cache: new PublicCache({ enabled: false }),
    version: 'test',
    jobs: createTestJobQueue(url),
    keys: TEST_KEYS,
    publicUrl: base,
    production: Boolean(opts.production),
    // Production runs behind a TLS-terminating proxy (api/config.ts); the tests send its X-Forwarded-Proto.
    trustProxy: Boolean(opts.production),
    adminSignIn,
  });
  handler = app.callback();
  return adminSignIn;
}

// The port is needed before the app (its public URL), so the server starts with a handler set just after.
let handler: ReturnType<ReturnType<typeof createApp>['callback']> | undefined;
function createAppServer(): Server {
  return http.createServer((req, res) => void handler!(req, res));
}

/** A minimal browser: keeps cookies (by name), follows redirects by hand, submits forms. */
class Browser {
  cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, base), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value.join('=') === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return res;
  }

  /** GET `url` and follow redirects; returns the last response and its URL. */
  async follow(url: string, init: RequestInit = {}): Promise<{ res: Response; url: string }> {
    let res = await this.request(url, init);
    let current = new URL(url, base).href;
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 15; hops++) {
      current = new URL(res.headers.get('location')!, current).href;
      res = await this.request(current);
    }
    return { res, url: current };
  }

  /** The whole sign-in: /api/login → provider's form → submit → back through /api/callback. */
  async signIn(email: string, password: string) {
    const form = await this.follow('/api/login');
    expect(form.res.status).toBe(200);
    const html = await form.res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    return this.follow(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
  }
}

beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions cascade');
});
afterEach(async () => {
  await new Promise((r) => server?.close(r));
});

describe('GET /api/login → development identity provider → GET /api/callback', () => {
  it('signs the dev account in as an admin (authType admin, no password) and lands on /admin', async () => {
    await startApp();
    const browser = new Browser();
    const end = await browser.signIn(ADMIN.email, ADMIN.password);
    expect(new URL(end.url).pathname).toBe('/admin');
    const me = await browser.request('/api/auth/current');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: ADMIN.email,
      role: 'admin',
      authType: 'admin',
      isVerified: true,
      firstName: 'Vinpressen',
      lastName: 'Admin',
    });
    const row = await getDb().db('users').where({ email: ADMIN.email }).first();
    expect(row.password_hash).toBeNull();
  });

  it('shows a sign-in page with labelled e-mail and password fields, and refuses a wrong password there', async () => {
    await startApp();
    const browser = new Browser();
    const form = await browser.follow('/api/login');
    const html = await form.res.text();
    expect(new URL(form.url).pathname).toMatch(/^\/oidc\/interaction\//);
    expect(html).toContain('<label for="email">E-postadress</label>');
    expect(html).toContain('<label for="password">Lösenord</label>');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const wrong = await browser.request(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: ADMIN.email, password: 'fel' }).toString(),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Fel e-postadress eller lösenord.');
    expect((await browser.request('/api/auth/current')).status).toBe(401);
  });

  it('uses PKCE (S256), a state and a nonce on the way out', async () => {
    await startApp();
    const res = await new Browser().request('/api/login');
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.pathname).toBe('/oidc/auth');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(`${base}/api/callback`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('turns away a verified e-mail that is not on the allow-list: /admin-login?fel=ej-behorig', async () => {
    const adminSignIn = await startApp();
    adminSignIn.allowList.clear(); // the provider still vouches for the address; we no longer allow it
    const browser = new Browser();
    const end = await browser.signIn(ADMIN.email, ADMIN.password);
    expect(new URL(end.url).pathname + new URL(end.url).search).toBe('/admin-login?fel=ej-behorig');
    expect((await browser.request('/api/auth/current')).status).toBe(401);
    expect(await getDb().db('users').count('* as n').first()).toEqual({ n: 0 });
  });

  it('refuses a deactivated admin: /admin-login?fel=inaktiverad', async () => {
    await buildUser(getDb().db, { email: ADMIN.email, role: 'admin', auth_type: 'admin', is_active: false });
    await startApp();
    const end = await new Browser().signIn(ADMIN.email, ADMIN.password);
    expect(new URL(end.url).search).toBe('?fel=inaktiverad');
  });

  it('refuses a callback without a pending sign-in, or with a forged state', async () => {
    await startApp();
    const stray = await new Browser().request('/api/callback?code=abc&state=xyz');
    expect(stray.status).toBe(302);
    expect(stray.headers.get('location')).toBe('/admin-login?fel=gammal-lank');

    const browser = new Browser();
    await browser.request('/api/login');
    const forged = await browser.request('/api/callback?code=abc&state=forged');
    expect(forged.headers.get('location')).toBe('/admin-login?fel=misslyckades');
    expect((await browser.request('/api/auth/current')).status).toBe(401);
  });

  it('gives the admin a new session id at sign-in', async () => {
    await startApp();
    const browser = new Browser();
    await browser.request('/api/login'); // a session exists now (the pending sign-in)
    const before = browser.cookies.get('vinpressen.sid');
    expect(before).toBeTruthy();
    await browser.signIn(ADMIN.email, ADMIN.password);
    expect(browser.cookies.get('vinpressen.sid')).not.toBe(before);
  });

  it('answers 503 with an explanation in production without OIDC_ISSUER', async () => {
    await startApp({ production: true });
    const res = await new Browser().request('/api/login', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: 'identity_provider_missing' });
    const info = await (await new Browser().request('/api/auth/admin-sign-in')).json();
    expect(info).toEqual({ available: false, providerName: 'identitetsleverantören' });
  });

  it("names the provider for /admin-login's button", async () => {
    await startApp();
    const info = await (await new Browser().request('/api/auth/admin-sign-in')).json();
    expect(info).toEqual({ available: true, providerName: 'Vinpressen ID' });
  });

  // The admin takeover found in a security review: a local registration of an admin's address, made before the admin's
  // first sign-in, was adopted by that sign-in and its cookie then answered role admin.
  describe('binds an admin only to a verified address', () => {
    const json = { 'Content-Type': 'application/json' };

    it("refuses to register an allow-listed address locally (403 'email_reserved'), as member or partner, creating nothing", async () => {
      await startApp();
      const browser = new Browser();
      const member = await browser.request('/api/auth/register', {
        method: 'POST',
        headers: { ...json, Origin: base },
        body: JSON.stringify({ username: 'squatter', email: ADMIN.email.toUpperCase(), password: 'lånat-lösen-1' }),
      });
      expect(member.status).toBe(403);
      expect(((await member.json()) as { error: unknown }).error).toMatchObject({ code: 'email_reserved' });
      const partner = await browser.request('/api/partner/register', {
        method: 'POST',
        headers: { ...json, Origin: base },
        body: JSON.stringify({
          username: 'squatter2',
          email: ADMIN.email,
          password: 'lånat-lösen-1',
          confirmPassword: 'lånat-lösen-1',
          firstName: 'S',
          lastName: 'Q',
          companyName: 'Q AB',
          contactName: 'S Q',
        }),
      });
      expect(partner.status).toBe(403);
      expect(await getDb().db('users').count('* as n').first()).toEqual({ n: 0 });
    });

    it('never adopts an unverified local account with the admin address: its cookie stays a member, the admin gets its own account', async () => {
      // A squatter row as the old code let anyone make it (before the address was on the allow-list, say).
      const squatter = await buildUser(getDb().db, { email: ADMIN.email, is_verified: false, password: 'lånat-lösen-1', username: 'squatter' });
      await startApp();
      const squatterBrowser = new Browser();
      const login = await squatterBrowser.request('/api/auth/login', {
        method: 'POST',
        headers: { ...json, Origin: base },
        body: JSON.stringify({ email: ADMIN.email, password: 'lånat-lösen-1' }),
      });
      expect(login.status).toBe(200);

      const admin = new Browser();
      const end = await admin.signIn(ADMIN.email, ADMIN.password);
      expect(new URL(end.url).pathname).toBe('/admin');
      const adminMe = (await (await admin.request('/api/auth/current')).json()) as { id: string };
      expect(adminMe).toMatchObject({ role: 'admin', authType: 'admin', isVerified: true });
      expect(adminMe.id).not.toBe(squatter.id);

      const squatterMe = await squatterBrowser.request('/api/auth/current');
      expect(squatterMe.status).toBe(200);
      expect(await squatterMe.json()).toMatchObject({ id: squatter.id, role: 'user', authType: 'local', isVerified: false });
      const makeAdmin = await squatterBrowser.request('/api/users', {
        method: 'POST',
        headers: { ...json, Origin: base },
        body: JSON.stringify({ username: 'evig', email: 'evig@example.se', password: 'evig-admin-1', role: 'admin' }),
      });
      expect(makeAdmin.status).toBe(403);
      const row = await getDb().db('users').where({ id: squatter.id }).first();
      expect(row).toMatchObject({ role: 'user', auth_type: 'local', is_verified: false });
      expect(row.password_hash).toMatch(/^\$argon2id/);
      expect(await getDb().db('users').where({ role: 'admin' }).count('* as n').first()).toEqual({ n: 1 });
    });

    it("adopts a verified local account with the admin address and ends that account's earlier sessions", async () => {
      const local = await buildUser(getDb().db, { email: ADMIN.email, is_verified: true, password: 'eget-lösen-12' });
      await startApp();
      const before = new Browser();
      const login = await before.request('/api/auth/login', {
        method: 'POST',
        headers: { ...json, Origin: base },
        body: JSON.stringify({ email: ADMIN.email, password: 'eget-lösen-12' }),
      });
      expect(login.status).toBe(200);
      expect((await before.request('/api/auth/current')).status).toBe(200);

      const admin = new Browser();
      await admin.signIn(ADMIN.email, ADMIN.password);
      expect(await (await admin.request('/api/auth/current')).json()).toMatchObject({ id: local.id, role: 'admin', authType: 'admin' });
      // The session made with the password before the account became the admin is over.
      expect((await before.request('/api/auth/current')).status).toBe(401);
      expect(await getDb().db('sessions').where({ user_id: local.id }).count('* as n').first()).toEqual({ n: 1 });
      expect((await getDb().db('users').where({ id: local.id }).first()).password_hash).toBeNull();
    });
  });
});
