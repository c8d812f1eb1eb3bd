import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M, MEMBER_NOT_VERIFIED_REDIRECT, MEMBER_VERIFIED_REDIRECT } from '../../contract/auth-rules';
import { progressiveDelaySeconds } from '../../lib/rate-limits';
import { DEVICE_COOKIE } from '../../services/sign-in';
import { UNIFORM_REGISTRATION_MS } from '../../lib/uniform-time';
import { expectSameTime } from '../../test/timing';
import { buildUser } from '../../test/factories';
import { createApp } from '../../app';
import { PublicCache } from '../../lib/public-cache';
import {
  browserAgent,
  createTestApp,
  createTestJobQueue,
  silentLogger,
  TEST_KEYS,
  TEST_ORIGIN,
  useTestDatabase,
  truncateTables,
} from '../../test/test-db';
import { sha256Hex } from '../../auth/sha256';
import { deriveToken, TOKEN_KINDS } from '../../auth/single-use-tokens';
import { SESSION_COOKIE } from '../../auth/session';

const getDb = useTestDatabase();
const PASSWORD = 'hemligt-vin-1';

function app() {
  return createTestApp(getDb().db);
}

function setCookies(res: request.Response): string[] {
  const header = res.headers['set-cookie'] as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** The session cookie's value from a Set-Cookie list, with its attributes. */
function sessionCookie(res: request.Response) {
  const line = setCookies(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return line ? { line, value: line.split(';')[0]!.split('=')[1]! } : undefined;
}

beforeEach(async () => {
  await truncateTables(getDb().db, ['users', 'sessions', 'rate_limits', 'password_reset_tokens', 'email_verification_tokens']);
  await getDb().db.raw('delete from pgboss.job');
});

describe('GET /api/auth/current', () => {
  it('answers 401 with the error shape for a guest', async () => {
    const res = await browserAgent(app()).get('/api/auth/current');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'unauthorized', message: M.notSignedIn });
  });

  it('answers the signed-in user: the spec fields, no password hash, never cached', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD, first_name: 'Märta', last_name: 'Ek' });
    const agent = browserAgent(app());
    await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    const res = await agent.get('/api/auth/current');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.body).sort()).toEqual(
      ['authType', 'createdAt', 'email', 'firstName', 'id', 'isActive', 'isVerified', 'lastName', 'role', 'username'].sort(),
    );
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Märta',
      lastName: 'Ek',
      role: 'user',
      authType: 'local',
      isActive: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('ends the session of a user deactivated after signing in', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const agent = browserAgent(app());
    await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    await getDb().db('users').where({ id: user.id }).update({ is_active: false });
    expect((await agent.get('/api/auth/current')).status).toBe(401);
    expect(await getDb().db('sessions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with any letter case of the e-mail and sets a hardened session cookie', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD, email: 'Vera.Lind@Example.se' });
    const res = await browserAgent(app()).post('/api/auth/login').send({ email: '  vera.lind@example.SE ', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username });
    const cookie = sessionCookie(res)!;
    expect(cookie.line).toMatch(/httponly/i);
    expect(cookie.line).toMatch(/samesite=lax/i);
    expect(cookie.line).not.toMatch(/secure/i); // only in production
    // 32 random bytes, base64url; signed (a .sig cookie beside it)
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookies(res).some((c) => c.startsWith(`${SESSION_COOKIE}.sig=`))).toBe(true);
    // The table holds the key's hash, never the key.
    const rows = await getDb().db('sessions').select('id', 'user_id');
    expect(rows).toEqual([{ id: sha256Hex(cookie.value), user_id: user.id }]);
  });

  it('gives a new session id at sign-in and ends the one the browser had before', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const agent = browserAgent(app());
    // A first sign-in gives the browser a session; sign out keeps nothing; sign in again twice.
    const first = sessionCookie(await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }))!;
    const second = sessionCookie(await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }))!;
    expect(second.value).not.toBe(first.value);
    const ids = (await getDb().db('sessions').select('id')).map((r) => r.id);
    expect(ids).toEqual([sha256Hex(second.value)]);
  });

  it.each([
    [{ email: '', password: PASSWORD }, 'body.email', M.emailRequired],
    [{ email: '   ', password: PASSWORD }, 'body.email', M.emailRequired],
    [{ email: 'vera@example.se', password: '   ' }, 'body.password', M.passwordRequired],
    [{ email: 'vera@example.se' }, 'body.password', M.passwordRequired],
    [{ password: PASSWORD }, 'body.email', M.emailRequired],
  ])('answers 400 naming the field for %j', async (body, path, message) => {
    const res = await browserAgent(app()).post('/api/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path, message });
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const wrong = await browserAgent(app()).post('/api/auth/login').send({ email: user.email, password: 'fel-lösenord' });
    const unknown = await browserAgent(app()).post('/api/auth/login').send({ email: 'ingen@example.se', password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 'invalid_credentials', message: M.invalidCredentials });
    expect({ ...unknown.body.error, requestId: undefined }).toEqual({ ...wrong.body.error, requestId: undefined });
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('refuses a deactivated user in Swedish (403), and only with the right password', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD, is_active: false });
    const res = await browserAgent(app()).post('/api/auth/login').send({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'account_deactivated', message: M.accountDeactivated });
    const guess = await browserAgent(app()).post('/api/auth/login').send({ email: user.email, password: 'gissning' });
    expect(guess.status).toBe(401);
  });

  it('never signs in an identity-provider admin with a password', async () => {
    const admin = await buildUser(getDb().db, { role: 'admin', auth_type: 'admin' });
    const res = await browserAgent(app()).post('/api/auth/login').send({ email: admin.email, password: 'vad-som-helst' });
    expect(res.status).toBe(401);
  });

  it('delays an account after 5 free failures from unknown devices: 429 with Retry-After and a Swedish message, then the right password works', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const agent = browserAgent(app());
    for (let i = 0; i < 6; i++) {
      expect((await agent.post('/api/auth/login').send({ email: user.email, password: `fel-${i}` })).status).toBe(401);
    }
    const waiting = await agent.post('/api/auth/login').send({ email: user.email.toUpperCase(), password: PASSWORD });
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.body.error).toMatchObject({ code: 'too_many_requests', message: 'För många försök. Försök igen om 1 sekund.' });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('doubles the wait with each further failure up to 15 minutes — a delay, never a lockout', async () => {
    expect([5, 6, 7, 8, 9, 15, 40].map((n) => progressiveDelaySeconds('account', n))).toEqual([0, 1, 2, 4, 8, 512, 900]);
    expect([100, 101, 102, 120].map((n) => progressiveDelaySeconds('ip', n))).toEqual([0, 1, 2, 300]);
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const built = app();
    // Ten failures as the throttle records them, without waiting out each delay in the test.
    for (let i = 0; i < 10; i++) await built.context.rateLimits.recordSignInFailure([['account', user.email]]);
    const waiting = await browserAgent(built).post('/api/auth/login').send({ email: user.email, password: PASSWORD });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(14);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(16);
  });

  it('lets the right password in from a device the account signed in on, however many guesses others made', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const built = app();
    const owner = browserAgent(built);
    await owner.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    await owner.post('/api/auth/logout').expect(204);
    // An attacker guesses from another browser on the same address: the account and the IP now wait long.
    const attacker = browserAgent(built);
    for (let i = 0; i < 8; i++) await attacker.post('/api/auth/login').send({ email: user.email, password: `gissning-${i}` });
    for (let i = 0; i < 30; i++) await built.context.rateLimits.recordSignInFailure([['account', user.email]]);
    expect((await attacker.post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(429);
    expect((await owner.post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(200);
    // The known device's own guesses are throttled apart: 5 free, then it waits too.
    await owner.post('/api/auth/logout').expect(204);
    for (let i = 0; i < 6; i++) expect((await owner.post('/api/auth/login').send({ email: user.email, password: 'fel' })).status).toBe(401);
    expect((await owner.post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(429);
  });

  it("gives no pass to another account's device cookie or a forged one", async () => {
    const a = await buildUser(getDb().db, { password: PASSWORD });
    const b = await buildUser(getDb().db, { password: PASSWORD });
    const built = app();
    const agent = browserAgent(built);
    await agent.post('/api/auth/login').send({ email: a.email, password: PASSWORD }).expect(200);
    for (let i = 0; i < 6; i++) await agent.post('/api/auth/login').send({ email: b.email, password: 'fel' });
    expect((await agent.post('/api/auth/login').send({ email: b.email, password: PASSWORD })).status).toBe(429);
    const forged = request(built.callback())
      .post('/api/auth/login')
      .set('Origin', TEST_ORIGIN)
      .set('Cookie', `${DEVICE_COOKIE}=x.AAAAAAAAAAAAAAAAAAAAAA; ${DEVICE_COOKIE}.sig=forged`)
      .send({ email: b.email, password: PASSWORD });
    expect((await forged).status).toBe(429);
  });

  it('lets a roomful of guests behind one IP sign in after 30 failures among them (the IP has 100 free)', async () => {
    const agent = browserAgent(app());
    for (let i = 0; i < 30; i++) {
      expect((await agent.post('/api/auth/login').send({ email: `nr${i}@example.se`, password: 'fel' })).status).toBe(401);
    }
    const user = await buildUser(getDb().db, { password: PASSWORD });
    expect((await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('makes one IP wait after 100 failures across accounts', async () => {
    const agent = browserAgent(app());
    for (let i = 0; i < 101; i++) {
      expect((await agent.post('/api/auth/login').send({ email: `gast${i}@example.se`, password: 'fel' })).status).toBe(401);
    }
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const res = await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
  });
});

describe('POST /api/auth/register', () => {
  const valid = { username: 'Druvan', email: 'druvan@example.se', password: 'sexton', firstName: 'Dora', lastName: 'Ruvan' };

  it('creates a user (argon2id), signs them in and answers 201 with the user', async () => {
    const agent = browserAgent(app());
    const res = await agent.post('/api/auth/register').send(valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: 'Druvan',
      email: 'druvan@example.se',
      firstName: 'Dora',
      lastName: 'Ruvan',
      role: 'user',
      authType: 'local',
      isActive: true,
      isVerified: false,
    });
    const row = await getDb().db('users').where({ id: res.body.id }).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await agent.get('/api/auth/current')).body.id).toBe(res.body.id);
  });

  it('stores absent or blank names as null', async () => {
    const res = await browserAgent(app())
      .post('/api/auth/register')
      .send({ username: 'utan', email: 'utan@example.se', password: 'sexton', firstName: '  ', lastName: null });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: null, lastName: null });
  });

  it.each([
    [{ username: '' }, 'body.username', M.usernameRequired],
    [{ username: 'x'.repeat(51) }, 'body.username', M.usernameTooLong],
    [{ email: 'inte-en-adress' }, 'body.email', M.emailInvalid],
    [{ password: 'fem55' }, 'body.password', 'Lösenordet måste vara minst 6 tecken långt.'],
    [{ firstName: 'x'.repeat(101) }, 'body.firstName', M.nameTooLong],
  ])('answers 400 for %j with the field and its Swedish message, creating nothing', async (change, path, message) => {
    const res = await browserAgent(app())
      .post('/api/auth/register')
      .send({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path, message });
    expect(await getDb().db('users').count('* as n').first()).toEqual({ n: 0 });
  });

  it('answers 409 for a username taken in another letter case, creating nothing', async () => {
    await buildUser(getDb().db, { username: 'Druvan', email: 'annan@example.se' });
    const name = await browserAgent(app())
      .post('/api/auth/register')
      .send({ ...valid, username: 'DRUVAN', email: 'ny@example.se' });
    expect(name.status).toBe(409);
    expect(name.body.error).toMatchObject({ code: 'username_taken', message: M.usernameTaken });
    expect(sessionCookie(name)).toBeUndefined();
    expect(await getDb().db('users').count('* as n').first()).toEqual({ n: 1 });
  });

  it('answers an e-mail another account verified exactly like a new one; the newcomer gets an unverified account and no hold on the address', async () => {
    const owner = await buildUser(getDb().db, { username: 'agaren', email: 'Druvan@Example.se', is_verified: true, password: PASSWORD });
    const agent = browserAgent(app());
    const taken = await agent.post('/api/auth/register').send({ ...valid, username: 'nykomling', email: 'druvan@EXAMPLE.se' });
    const fresh = await browserAgent(app())
      .post('/api/auth/register')
      .send({ ...valid, username: 'annan', email: 'annan@example.se' });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body).toMatchObject({ username: 'nykomling', role: 'user', isVerified: false });
    expect(sessionCookie(taken)).toBeDefined();
    expect((await agent.get('/api/auth/current')).body.username).toBe('nykomling');
    // The owner is told; the newcomer gets no link; sign-in and reset by the address reach the owner.
    const jobs = await getDb().db.raw(`select data from pgboss.job where name = 'mail.send' order by created_on`);
    const kinds = jobs.rows.map((r: { data: { kind: string; userId?: string } }) => r.data);
    expect(kinds).toContainEqual({ kind: 'account-exists', userId: owner.id, portal: 'member' });
    expect(await getDb().db('email_verification_tokens').where({ user_id: taken.body.id }).count('* as n').first()).toEqual({ n: 0 });
    const login = await browserAgent(app()).post('/api/auth/login').send({ email: 'DRUVAN@example.se', password: PASSWORD });
    expect(login.body.id).toBe(owner.id);
    const newcomerLogin = await browserAgent(app()).post('/api/auth/login').send({ email: 'druvan@example.se', password: valid.password });
    expect(newcomerLogin.status).toBe(401);
  });

  it('takes the same time for a known and an unknown e-mail (within 25 ms of each other, both at least the 500 ms floor)', { retry: 2 }, async () => {
    // A retry starts afresh: the address and IP limits would otherwise count the earlier attempt's requests.
    await getDb().db.raw('truncate rate_limits');
    const attempt = Math.random().toString(36).slice(2, 7);
    if (!(await getDb().db('users').where({ email: 'kand@example.se' }).first())) {
      await buildUser(getDb().db, { email: 'kand@example.se', is_verified: true });
    }
    await expectSameTime(
      (known, i) =>
        browserAgent(app())
          .post('/api/auth/register')
          .send({ ...valid, username: `tid${attempt}${i}${known ? 'k' : 'u'}`, email: known ? 'kand@example.se' : `okand${attempt}${i}@example.se` })
          .expect(201),
      { floorMs: UNIFORM_REGISTRATION_MS },
    );
  });

  it('mails a verification link; following it verifies the account once and lands on the start page', async () => {
    const res = await browserAgent(app()).post('/api/auth/register').send(valid).expect(201);
    const [token] = await getDb().db('email_verification_tokens').where({ user_id: res.body.id });
    expect(token).toBeDefined();
    const job = await getDb().db.raw(`select data from pgboss.job where name = 'mail.send' and data->>'tokenId' = ?`, [token.id]);
    expect(job.rows[0].data).toEqual({ kind: 'email-verification', tokenId: token.id });
    const link = deriveToken(TOKEN_KINDS.emailVerification, TEST_KEYS[0]!, token.id);
    const first = await browserAgent(app()).get(`/api/auth/verify?token=${encodeURIComponent(link)}`);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(MEMBER_VERIFIED_REDIRECT);
    expect((await getDb().db('users').where({ id: res.body.id }).first()).is_verified).toBe(true);
    const again = await browserAgent(app()).get(`/api/auth/verify?token=${encodeURIComponent(link)}`);
    expect(again.headers.location).toBe(MEMBER_NOT_VERIFIED_REDIRECT);
    expect((await browserAgent(app()).get('/api/auth/verify?token=nonsens')).headers.location).toBe(MEMBER_NOT_VERIFIED_REDIRECT);
  });

  it('resends a link to the signed-in member (older ones stop working), and none to an account registered on an address another account verified', async () => {
    const agent = browserAgent(app());
    const me = await agent.post('/api/auth/register').send(valid).expect(201);
    expect((await agent.post('/api/auth/resend-verification')).status).toBe(202);
    const tokens = await getDb().db('email_verification_tokens').where({ user_id: me.body.id }).orderBy('created_at');
    expect(tokens).toHaveLength(2);
    expect(tokens[0].superseded_at).not.toBeNull();
    expect((await browserAgent(app()).post('/api/auth/resend-verification')).status).toBe(401);

    await buildUser(getDb().db, { email: 'upptagen@example.se', is_verified: true });
    const newcomer = browserAgent(app());
    const other = await newcomer
      .post('/api/auth/register')
      .send({ ...valid, username: 'andra', email: 'upptagen@example.se' })
      .expect(201);
    const resent = await newcomer.post('/api/auth/resend-verification');
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ message: M.verificationSent });
    expect(await getDb().db('email_verification_tokens').where({ user_id: other.body.id }).count('* as n').first()).toEqual({ n: 0 });
  });

  it('counts only accounts made against the IP (20 an hour until verified): refused input and taken usernames cost nothing', async () => {
    const agent = browserAgent(app());
    await buildUser(getDb().db, { username: 'upptaget' });
    for (let i = 0; i < 10; i++)
      await agent
        .post('/api/auth/register')
        .send({ ...valid, email: 'inte-en-adress' })
        .expect(400);
    for (let i = 0; i < 10; i++)
      await agent
        .post('/api/auth/register')
        .send({ ...valid, username: 'upptaget', email: `x${i}@example.se` })
        .expect(409);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        browserAgent(app())
          .post('/api/auth/register')
          .send({ ...valid, username: `u${i}`, email: `u${i}@example.se` })
          .expect(201),
      ),
    );
    const res = await agent.post('/api/auth/register').send({ ...valid, username: 'u21', email: 'u21@example.se' });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(res.body.error.message).toBe('För många försök. Försök igen om 60 minuter.');
  });
});

describe('production over plain HTTP', () => {
  it("answers a sign-in 403 'https_required' in Swedish instead of failing on the Secure cookie (500)", async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const url = (getDb().db.client.config as { connection: { connectionString: string } }).connection.connectionString;
    const prod = createApp({
      db: getDb().db,
      log: silentLogger,
      cache: new PublicCache({ enabled: false }),
      version: 'test',
      jobs: createTestJobQueue(url),
      keys: TEST_KEYS,
      publicUrl: TEST_ORIGIN,
      production: true,
    });
    const res = await request(prod.callback()).post('/api/auth/login').set('Origin', TEST_ORIGIN).send({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'https_required', message: M.httpsRequired });
    const proxied = createApp({
      db: getDb().db,
      log: silentLogger,
      cache: new PublicCache({ enabled: false }),
      version: 'test',
      jobs: createTestJobQueue(url),
      keys: TEST_KEYS,
      publicUrl: TEST_ORIGIN,
      production: true,
      trustProxy: true,
    });
    const ok = await request(proxied.callback())
      .post('/api/auth/login')
      .set('Origin', TEST_ORIGIN)
      .set('X-Forwarded-Proto', 'https')
      .send({ email: user.email, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(String(ok.headers['set-cookie'])).toContain('secure');
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the row is deleted and current answers 401', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const agent = browserAgent(app());
    await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    const res = await agent.post('/api/auth/logout');
    expect(res.status).toBe(204);
    expect(await getDb().db('sessions').count('* as n').first()).toEqual({ n: 0 });
    expect((await agent.get('/api/auth/current')).status).toBe(401);
  });

  it('answers 204 for a guest too', async () => {
    expect((await browserAgent(app()).post('/api/auth/logout')).status).toBe(204);
  });
});

describe('sessions', () => {
  it('slide: a session in the second half of its 14 days is renewed by a request', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const agent = browserAgent(app());
    await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    const inTwoDays = Date.now() + 2 * 86_400_000;
    await getDb().db.raw(`update sessions set expires_at = to_timestamp(? / 1000.0), data = jsonb_set(data, '{_expire}', to_jsonb(?::bigint))`, [
      inTwoDays,
      inTwoDays,
    ]);
    await agent.get('/api/auth/current').expect(200);
    const row = await getDb().db('sessions').first();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
  });

  it('end after their absolute lifetime of 90 days, however active', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const agent = browserAgent(app());
    await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    await getDb().db.raw(`update sessions set data = jsonb_set(data, '{signedInAt}', to_jsonb(?::bigint))`, [Date.now() - 91 * 86_400_000]);
    expect((await agent.get('/api/auth/current')).status).toBe(401);
  });

  it('are not accepted with a forged signature', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const login = await browserAgent(app()).post('/api/auth/login').send({ email: user.email, password: PASSWORD });
    const { value } = sessionCookie(login)!;
    const res = await request(app().callback()).get('/api/auth/current').set('Cookie', `${SESSION_COOKIE}=${value}; ${SESSION_COOKIE}.sig=forged`);
    expect(res.status).toBe(401);
  });
});

describe('CSRF guard', () => {
  it('refuses a state-changing request from another origin (403)', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const res = await request(app().callback())
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'csrf_refused', message: M.csrfRefused });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses one with neither Origin nor Sec-Fetch-Site: same-origin, and accepts the latter', async () => {
    const user = await buildUser(getDb().db, { password: PASSWORD });
    const bare = await request(app().callback()).post('/api/auth/login').send({ email: user.email, password: PASSWORD });
    expect(bare.status).toBe(403);
    const sameSite = await request(app().callback())
      .post('/api/auth/login')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ email: user.email, password: PASSWORD });
    expect(sameSite.status).toBe(200);
    const crossSite = await request(app().callback())
      .post('/api/auth/login')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: user.email, password: PASSWORD });
    expect(crossSite.status).toBe(403);
  });

  it.each([
    ['text/plain', 'email=a@b.se&password=x'],
    ['application/x-www-form-urlencoded', 'email=a%40b.se&password=x'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.se\r\n--x--'],
  ])('refuses a %s body (what an HTML form can send) with 415', async (type, body) => {
    const res = await request(app().callback()).post('/api/auth/register').set('Origin', TEST_ORIGIN).set('Content-Type', type).send(body);
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('lets reads through from anywhere', async () => {
    const res = await request(app().callback()).get('/api/auth/current').set('Origin', 'https://evil.example');
    expect(res.status).toBe(401);
  });
});

describe('security headers', () => {
  it('sends a CSP, nosniff, frame denial and a referrer policy', async () => {
    const res = await request(app().callback()).get('/api/health');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
