import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../../contract/admin-content';
import { SESSION_COOKIE } from '../../auth/session';
import { sha256Hex } from '../../auth/sha256';
import { createTestApp, signedInAgent, TEST_KEYS, useTestDatabase } from '../../test/test-db';
import { sessionFingerprint } from './diagnostics';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;

// Secrets as a deployment would configure them: none may appear in the answer, whatever it reads.
const SECRETS = {
  SESSION_SECRET: 'sessionshemlighet-0123456789-abcdefghijklmnopqrstuvwxyz',
  SMTP_URL: 'smtp://postman:smtp-losenord-XYZ@mail.example.se:587',
  OIDC_CLIENT_SECRET: 'oidc-klienthemlighet-42',
  DATABASE_URL: 'postgres://vinpressen:db-losenord-77@db.example.se:5432/vinpressen',
};
const saved: Record<string, string | undefined> = {};

beforeAll(() => {
  for (const [k, v] of Object.entries(SECRETS)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  app = createTestApp(getDb().db);
});

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** The session cookie's key (the value of `vinpressen.sid`) from a Set-Cookie list. */
function sessionKeyOf(setCookie: string[] | string | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  const cookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
  return decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!);
}

describe('GET /api/admin/diagnostics', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'partner');
    const res = await agent.get('/api/admin/diagnostics');
    expect(res.status).toBe(403);
  });

  it('reports server, database, jobs, session and auth test for the signed-in admin', async () => {
    const { agent, user } = await signedInAgent(app, getDb().db, 'admin');
    const res = await agent.get('/api/admin/diagnostics').set('Host', 'vinpressen.test');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Diagnostics.strict().safeParse(res.body).success).toBe(true);
    expect(res.body.server).toMatchObject({ host: 'vinpressen.test', protocol: 'http', nodeEnv: 'test', version: 'test' });
    expect(res.body.server.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.body.database).toMatchObject({ ok: true, latestMigration: expect.stringMatching(/^\d{14}_.+\.ts$/) });
    expect(res.body.database.serverVersion).toMatch(/^\d+/);
    expect(res.body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(res.body.jobs).toEqual({ ready: true });
    expect(res.body.session).toEqual({
      authenticated: true,
      fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/),
      userEmail: user.email,
      cookieName: 'vinpressen.sid',
      cookiePresent: true,
      secure: false,
      httpOnly: true,
      sameSite: 'lax',
      domain: null,
    });
    expect(res.body.authTest).toEqual({
      status: 200,
      user: { id: user.id, email: user.email, role: 'admin', authType: user.auth_type, isActive: true },
    });
  });

  it('gives each session its own stable fingerprint', async () => {
    const one = (await signedInAgent(app, getDb().db, 'admin')).agent;
    const two = (await signedInAgent(app, getDb().db, 'admin')).agent;
    const a1 = (await one.get('/api/admin/diagnostics')).body.session.fingerprint;
    const a2 = (await one.get('/api/admin/diagnostics')).body.session.fingerprint;
    const b = (await two.get('/api/admin/diagnostics')).body.session.fingerprint;
    expect(a1).toBe(a2);
    expect(a1).not.toBe(b);
  });

  it('never shows a configured secret, the cookie, the session key or its stored id', async () => {
    const { agent, user } = await signedInAgent(app, getDb().db, 'admin');
    const login = await agent.post('/api/auth/login').send({ email: user.email, password: 'test-lösen-1' });
    const sessionKey = sessionKeyOf(login.headers['set-cookie']);
    expect(sessionKey.length).toBeGreaterThan(20);

    const res = await agent.get('/api/admin/diagnostics');
    expect(res.status).toBe(200);
    const text = res.text;
    const dbUrl = (getDb().db.client.config as { connection: { connectionString: string } }).connection.connectionString;
    const forbidden = [
      ...Object.values(SECRETS),
      'smtp-losenord-XYZ',
      'db-losenord-77',
      ...TEST_KEYS,
      dbUrl,
      sessionKey,
      sha256Hex(sessionKey),
      sha256Hex(sessionKey).slice(0, 12),
    ];
    for (const secret of forbidden) expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/password|passwd|secret|hemlig/i);
    // The fingerprint is a one-way function of the key, not a piece of it.
    expect(res.body.session.fingerprint).toBe(sessionFingerprint(sessionKey));
    expect(sessionKey).not.toContain(res.body.session.fingerprint);
  });
});
