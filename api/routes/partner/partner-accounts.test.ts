import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/auth-rules';
import { PartnerCurrent, type PartnerRegisterBody } from '../../contract/partner';
import { PARTNER_MESSAGES as M } from '../../contract/partner-rules';
import { sha256Hex } from '../../auth/sha256';
import type { Workers } from '../../jobs/workers';
import { startTestWorkers } from '../../test/test-workers';
import { UNIFORM_REGISTRATION_MS } from '../../lib/uniform-time';
import { expectSameTime } from '../../test/timing';
import { buildPartner, buildUser } from '../../test/factories';
import { startSmtpCapture, type CapturedMail } from '../../test/smtp';
import { browserAgent, type createTestApp, signedInAgent, TEST_ORIGIN, useTestDatabase, truncateTables } from '../../test/test-db';

// Partner accounts end to end on a real Postgres: registration → pg-boss job → nodemailer → a real SMTP server →
// the mailed link → verified → sign-in; and the sign-in, sign-out and current-partner rules.
const getDb = useTestDatabase();
const PASSWORD = 'vinlista-2026';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let workers: Workers;
let app: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ workers, app } = await startTestWorkers(getDb(), smtp.url));
});

afterAll(async () => {
  await workers?.stop();
  await smtp?.close();
});

beforeEach(async () => {
  await truncateTables(getDb().db, ['users', 'sessions', 'rate_limits', 'email_verification_tokens']);
  smtp.messages.length = 0;
  seen.clear();
});

let n = 0;
/** A complete, valid registration with a fresh e-mail and username. */
function registration(overrides: Partial<PartnerRegisterBody> = {}): PartnerRegisterBody {
  n += 1;
  return {
    email: `Anna.Vinhandel${n}@Example.se`,
    username: `annavin${n}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Anna',
    lastName: 'Lind',
    companyName: 'Lind & Dotter Vinimport AB',
    contactName: 'Anna Lind',
    phone: '070-123 45 67',
    ...overrides,
  };
}

const register = (body: unknown) =>
  browserAgent(app)
    .post('/api/partner/register')
    .send(body as object);
const login = (email: string, password: string, agent = browserAgent(app)) => agent.post('/api/partner/login').send({ email, password });

const seen = new Set<CapturedMail>();
/** The next verification mail to `email` not looked at before, and the link in it (path and query, for supertest). */
async function nextVerificationMail(email: string) {
  const mail = await smtp.waitFor((m) => m.to.toLowerCase().includes(email.toLowerCase()) && !seen.has(m));
  seen.add(mail);
  const found = /https?:\/\/\S+\/api\/partner\/verify\?token=\S+/.exec(mail.text);
  if (!found) throw new Error(`no verification link in: ${mail.text}`);
  const url = new URL(found[0]);
  return { mail, url, path: `${url.pathname}${url.search}` };
}

async function counts() {
  const { db } = getDb();
  const [users, partners, tokens] = await Promise.all([
    db('users').count({ n: '*' }).first(),
    db('partners').count({ n: '*' }).first(),
    db('email_verification_tokens').count({ n: '*' }).first(),
  ]);
  return { users: Number(users!.n), partners: Number(partners!.n), tokens: Number(tokens!.n) };
}

describe('POST /api/partner/register → mail → GET /api/partner/verify → POST /api/partner/login', () => {
  it('registers without signing in, mails a link that verifies the address, and then the partner can sign in', async () => {
    const body = registration();
    const agent = browserAgent(app);
    const res = await agent.post('/api/partner/register').send(body);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: M.registered });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await agent.get('/api/partner/current')).status).toBe(401);

    const { db } = getDb();
    const user = await db('users').whereRaw('lower(email) = lower(?)', [body.email]).first();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      role: 'partner',
      is_verified: false,
      is_active: true,
      auth_type: 'local',
      first_name: 'Anna',
      last_name: 'Lind',
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(await db('partners').where({ user_id: user.id }).first()).toMatchObject({
      company_name: 'Lind & Dotter Vinimport AB',
      contact_name: 'Anna Lind',
      phone: '+46701234567',
    });

    const { mail, url, path } = await nextVerificationMail(body.email);
    expect(mail.subject).toBe('Bekräfta din e-postadress hos Vinpressen');
    expect(mail.text).toContain('Hej Anna!');
    expect(mail.text).toContain('Lind & Dotter Vinimport AB');
    expect(mail.html).toContain('Lind &amp; Dotter Vinimport AB');
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}/api/partner/verify`);
    const token = url.searchParams.get('token')!;
    // Only the token's hash is stored.
    expect(await db('email_verification_tokens').where({ user_id: user.id }).pluck('token_hash')).toEqual([sha256Hex(token)]);

    const verified = await browserAgent(app).get(path);
    expect(verified.status).toBe(302);
    expect(verified.headers.location).toBe('/partner/login?verified=true');
    expect((await db('users').where({ id: user.id }).first()).is_verified).toBe(true);

    const signedIn = await login(body.email.toUpperCase(), PASSWORD, agent);
    expect(signedIn.status).toBe(200);
    expect(PartnerCurrent.strict().parse(signedIn.body)).toEqual({
      user: { id: user.id, firstName: 'Anna', lastName: 'Lind', email: body.email, username: body.username, role: 'partner' },
      partner: { companyName: 'Lind & Dotter Vinimport AB', contactName: 'Anna Lind', phone: '+46701234567', createdAt: expect.any(String) },
    });
    const current = await agent.get('/api/partner/current');
    expect(current.status).toBe(200);
    expect(current.body).toEqual(signedIn.body);
  });

  it('refuses sign-in before the address is verified, on the partner login and the generic one, told only with the right password', async () => {
    const body = registration();
    await register(body).expect(201);

    for (const path of ['/api/partner/login', '/api/auth/login']) {
      const res = await browserAgent(app).post(path).send({ email: body.email, password: PASSWORD });
      expect(res.status, path).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'email_not_verified', message: M.notVerified });
      expect(res.headers['set-cookie'], path).toBeUndefined();
      const wrong = await browserAgent(app).post(path).send({ email: body.email, password: 'fel-lösenord' });
      expect(wrong.status, path).toBe(401);
      expect(wrong.body.error.message).toBe(AUTH_MESSAGES.invalidCredentials);
    }
    expect(Number((await getDb().db('sessions').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('resends a new link on request; the old link then no longer works and the new one does', async () => {
    const body = registration();
    await register(body).expect(201);
    const first = await nextVerificationMail(body.email);

    const resent = await browserAgent(app).post('/api/partner/resend-verification').send({ email: body.email.toLowerCase() });
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ message: M.verificationResent });
    const second = await nextVerificationMail(body.email);
    expect(second.url.searchParams.get('token')).not.toBe(first.url.searchParams.get('token'));

    const old = await browserAgent(app).get(first.path);
    expect(old.status).toBe(302);
    expect(old.headers.location).toBe('/partner/login?verified=false');
    expect((await login(body.email, PASSWORD)).status).toBe(403);

    const ok = await browserAgent(app).get(second.path);
    expect(ok.headers.location).toBe('/partner/login?verified=true');
    expect((await login(body.email, PASSWORD)).status).toBe(200);
  });

  it('uses a link once: the second click redirects with verified=false', async () => {
    const body = registration();
    await register(body).expect(201);
    const { path } = await nextVerificationMail(body.email);

    expect((await browserAgent(app).get(path)).headers.location).toBe('/partner/login?verified=true');
    const again = await browserAgent(app).get(path);
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe('/partner/login?verified=false');
  });

  it('redirects with verified=false for an unknown, missing, repeated, over-long or expired token, never an error', async () => {
    const body = registration();
    await register(body).expect(201);
    const { path } = await nextVerificationMail(body.email);
    await expect.poll(async () => (await getDb().db('email_verification_tokens').first()).mailed_at).not.toBeNull();
    await getDb()
      .db('email_verification_tokens')
      .update({ expires_at: getDb().db.raw(`now() - interval '1 minute'`) });

    for (const url of [
      path,
      '/api/partner/verify',
      '/api/partner/verify?token=',
      '/api/partner/verify?token=inte-en-riktig-token',
      '/api/partner/verify?token=a&token=b',
      `/api/partner/verify?token=${'x'.repeat(5000)}`,
    ]) {
      const res = await browserAgent(app).get(url);
      expect(res.status, url.slice(0, 60)).toBe(302);
      expect(res.headers.location).toBe('/partner/login?verified=false');
    }
    expect((await getDb().db('users').whereRaw('lower(email) = lower(?)', [body.email]).first()).is_verified).toBe(false);
  });
});

describe('POST /api/partner/register: validation', () => {
  const required: [keyof PartnerRegisterBody, string][] = [
    ['email', AUTH_MESSAGES.emailRequired],
    ['username', AUTH_MESSAGES.usernameRequired],
    ['password', M.passwordTooShort],
    ['confirmPassword', M.confirmPasswordRequired],
    ['firstName', M.firstNameRequired],
    ['lastName', M.lastNameRequired],
    ['companyName', M.companyNameRequired],
    ['contactName', M.contactNameRequired],
  ];

  it.each(required)('refuses a registration without %s (missing or blank) with its Swedish message and writes nothing', async (field, message) => {
    const before = await counts();
    for (const value of [undefined, '', '   ']) {
      const body: Record<string, unknown> = registration();
      if (value === undefined) delete body[field];
      else body[field] = value;
      const res = await register(body);
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      // A blank confirmation is a confirmation that differs from the password.
      const expected = field === 'confirmPassword' && value === '   ' ? M.passwordsDontMatch : message;
      expect(res.body.error.details).toContainEqual({ path: `body.${field}`, message: expected });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a password under 8 characters and a confirmation that differs, on the right fields', async () => {
    const short = await register(registration({ password: 'kort123', confirmPassword: 'kort123' }));
    expect(short.status).toBe(400);
    expect(short.body.error.details).toContainEqual({ path: 'body.password', message: M.passwordTooShort });

    const mismatch = await register(registration({ confirmPassword: `${PASSWORD}!` }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({
      message: M.passwordsDontMatch,
      details: [{ path: 'body.confirmPassword', message: M.passwordsDontMatch }],
    });

    // Exactly 8 is enough.
    expect((await register(registration({ password: '12345678', confirmPassword: '12345678' }))).status).toBe(201);
    expect(await counts()).toMatchObject({ users: 1, partners: 1, tokens: 1 });
  });

  it('refuses an unreadable phone number and stores a readable one in E.164; phone may be left out', async () => {
    for (const phone of ['123', 'ring mig', '+46 70', '0'.repeat(41)]) {
      const res = await register(registration({ phone }));
      expect(res.status, phone).toBe(400);
      expect(res.body.error.details).toEqual([{ path: 'body.phone', message: M.phoneInvalid }]);
    }
    expect(await counts()).toEqual({ users: 0, partners: 0, tokens: 0 });

    const cases: [string | null | undefined, string | null][] = [
      ['08-123 456 78', '+46812345678'],
      ['+358 40 1234567', '+358401234567'],
      ['', null],
      [undefined, null],
    ];
    for (const [phone, stored] of cases) {
      const body = registration({ phone });
      if (phone === undefined) delete (body as Record<string, unknown>).phone;
      await register(body).expect(201);
      const user = await getDb().db('users').whereRaw('lower(username) = lower(?)', [body.username]).first();
      expect((await getDb().db('partners').where({ user_id: user.id }).first()).phone, String(phone)).toBe(stored);
    }
  });

  it('answers an address a verified account holds exactly like a new one, creates nothing, and mails its owner instead of a link', async () => {
    const member = await buildUser(getDb().db, { email: 'Vera.Vin@Example.se', is_verified: true });
    const before = await counts();
    const taken = await register(registration({ email: 'vera.vin@EXAMPLE.se' }));
    const fresh = await register(registration());
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body).toEqual({ message: M.registered });
    expect(await counts()).toMatchObject({ users: before.users + 1, partners: before.partners + 1 });
    const notice = await smtp.waitFor((m) => m.to.toLowerCase().includes('vera.vin@example.se'));
    expect(notice.subject).toBe('Du har redan ett konto hos Vinpressen');
    expect(notice.text).toContain(member.username);
    expect(notice.text).not.toMatch(/verify\?token=/);
    expect(await getDb().db('users').whereRaw("lower(email) = 'vera.vin@example.se'").count('* as n').first()).toEqual({ n: 1 });
  });

  it('gives a second account and its own link to an address only claimed by an unverified account; the link followed binds it', async () => {
    const squatter = await buildUser(getDb().db, { email: 'krav@example.se', is_verified: false });
    const res = await register(registration({ email: 'Krav@Example.se' }));
    expect(res.status).toBe(201);
    const { path } = await nextVerificationMail('krav@example.se');
    const verified = await browserAgent(app).get(path);
    expect(verified.headers.location).toBe('/partner/login?verified=true');
    const rows = await getDb().db('users').whereRaw("lower(email) = 'krav@example.se'").orderBy('created_at');
    expect(rows.map((r) => [r.id === squatter.id, r.role, r.is_verified])).toEqual([
      [true, 'user', false],
      [false, 'partner', true],
    ]);
    expect((await login('krav@example.se', PASSWORD)).status).toBe(200);
  });

  it('answers 409 for a taken username in any letter case, with the message the portal looks for, and writes nothing', async () => {
    const first = registration();
    await register(first).expect(201);
    const before = await counts();
    const username = await register(registration({ username: first.username.toUpperCase() }));
    expect(username.status).toBe(409);
    expect(username.body.error.code).toBe('username_taken');
    expect(username.body.error.message).toContain('already exists');
    expect(username.body.error.details).toEqual([{ path: 'body.username', message: AUTH_MESSAGES.usernameTaken }]);
    expect(await counts()).toEqual(before);
  });

  it('takes the same time for a known and an unknown address (within 25 ms of each other, both at least the 500 ms floor)', {
    retry: 2,
  }, async () => {
    // A retry starts afresh: the address and IP limits would otherwise count the earlier attempt's requests.
    await getDb().db.raw('truncate rate_limits');
    if (!(await getDb().db('users').where({ email: 'kand@example.se' }).first())) {
      await buildUser(getDb().db, { email: 'kand@example.se', is_verified: true });
    }
    await expectSameTime((known, i) => register(registration({ email: known ? 'kand@example.se' : `okand${i}@example.se` })).expect(201), {
      floorMs: UNIFORM_REGISTRATION_MS,
    });
  });

  it('counts only accounts made per IP, together with /api/auth/register: refused input and taken usernames are free, a verification gives the place back', async () => {
    const taken = registration();
    await register(taken).expect(201);
    for (let i = 0; i < 8; i++) await register(registration({ companyName: '' })).expect(400);
    for (let i = 0; i < 8; i++) await register(registration({ username: taken.username })).expect(409);
    // 19 more accounts (20 in all), members and partners alike, made side by side.
    await Promise.all([
      ...Array.from({ length: 10 }, () => register(registration()).expect(201)),
      ...Array.from({ length: 9 }, (_, i) =>
        browserAgent(app)
          .post('/api/auth/register')
          .send({ username: `gast${n}x${i}`, email: `gast${n}x${i}@example.se`, password: 'hemligt1' })
          .expect(201),
      ),
    ]);
    const over = await register(registration());
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    const { path } = await nextVerificationMail(taken.email);
    await browserAgent(app).get(path).expect(302);
    await register(registration()).expect(201);
    expect((await register(registration())).status).toBe(429);
  });
});

describe('POST /api/partner/resend-verification', () => {
  it('answers the same for an unknown, verified or non-partner address and mails nothing then', async () => {
    const { db } = getDb();
    const { user: verified } = await buildPartner(db);
    const member = await buildUser(db, { is_verified: false });
    const answers = [];
    for (const email of ['ingen@example.se', verified.email, member.email]) {
      const res = await browserAgent(app).post('/api/partner/resend-verification').send({ email });
      answers.push([res.status, res.body]);
    }
    expect(answers).toEqual(Array(3).fill([202, { message: M.verificationResent }]));
    expect(await counts()).toMatchObject({ tokens: 0 });
  });

  it('answers 400 for a missing or malformed address', async () => {
    const res = await browserAgent(app).post('/api/partner/resend-verification').send({ email: 'inte-en-adress' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path: 'body.email', message: AUTH_MESSAGES.emailInvalid });
    expect((await browserAgent(app).post('/api/partner/resend-verification').send({})).status).toBe(400);
  });

  it('limits resends to 5 an hour per address (429)', async () => {
    const body = registration();
    await register(body).expect(201);
    for (let i = 0; i < 5; i++) await browserAgent(app).post('/api/partner/resend-verification').send({ email: body.email }).expect(202);
    const res = await browserAgent(app).post('/api/partner/resend-verification').send({ email: body.email });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/^För många försök/);
  });
});

describe('POST /api/partner/login', () => {
  it("refuses accounts that are not partners (403 'not_partner'), after the password only", async () => {
    for (const role of ['user', 'moderator', 'admin'] as const) {
      const user = await buildUser(getDb().db, { role, password: PASSWORD });
      const res = await login(user.email, PASSWORD);
      expect(res.status, role).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'not_partner', message: M.notPartner });
      expect((await login(user.email, 'fel-lösenord')).status).toBe(401);
    }
  });

  it("refuses a deactivated partner, and a partner account without company details ('partner_profile_missing')", async () => {
    const { user: inactive } = await buildPartner(getDb().db, { user: { password: PASSWORD, is_active: false } });
    const deactivated = await login(inactive.email, PASSWORD);
    expect(deactivated.status).toBe(403);
    expect(deactivated.body.error).toMatchObject({ code: 'account_deactivated', message: AUTH_MESSAGES.accountDeactivated });

    const bare = await buildUser(getDb().db, { role: 'partner', password: PASSWORD });
    const res = await login(bare.email, PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'partner_profile_missing', message: M.partnerProfileMissing });
  });

  it('answers 401 for a wrong password or an unknown address, 400 for missing fields, and a growing wait after 6 failures', async () => {
    const { user } = await buildPartner(getDb().db, { user: { password: PASSWORD } });
    const unknown = await login('ingen@example.se', PASSWORD);
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toMatchObject({ code: 'invalid_credentials', message: AUTH_MESSAGES.invalidCredentials });
    const missing = await browserAgent(app).post('/api/partner/login').send({ email: user.email });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toContainEqual({ path: 'body.password', message: AUTH_MESSAGES.passwordRequired });

    for (let i = 0; i < 6; i++) expect((await login(user.email, `fel-${i}`)).status).toBe(401);
    const waiting = await login(user.email, PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    // The generic login shares the throttle.
    expect((await browserAgent(app).post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });
});

describe('POST /api/partner/logout', () => {
  it('ends the session (204), and answers 204 when not signed in', async () => {
    const { user } = await buildPartner(getDb().db, { user: { password: PASSWORD } });
    const agent = browserAgent(app);
    await login(user.email, PASSWORD, agent).expect(200);
    expect((await agent.get('/api/partner/current')).status).toBe(200);

    expect((await agent.post('/api/partner/logout')).status).toBe(204);
    expect((await agent.get('/api/partner/current')).status).toBe(401);
    expect((await browserAgent(app).post('/api/partner/logout')).status).toBe(204);
  });
});

describe('GET /api/partner/current', () => {
  it('requires authentication (401) and the partner role (403)', async () => {
    const guest = await browserAgent(app).get('/api/partner/current');
    expect(guest.status).toBe(401);
    expect(guest.body.error.message).toBe(AUTH_MESSAGES.notSignedIn);
    for (const role of ['user', 'moderator', 'admin'] as const) {
      const { agent } = await signedInAgent(app, getDb().db, role);
      expect((await agent.get('/api/partner/current')).status, role).toBe(403);
    }
  });

  it('refuses a partner account without company details with a Swedish message (the portal shows Åtkomst nekad)', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'partner');
    const res = await agent.get('/api/partner/current');
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'partner_profile_missing', message: M.partnerProfileMissing });
  });

  it('answers the user and company, no-store, and nothing more', async () => {
    const { user, partner } = await buildPartner(getDb().db, {
      user: { password: PASSWORD, first_name: 'Per', last_name: null },
      partner: { phone: null },
    });
    const agent = browserAgent(app);
    await login(user.email, PASSWORD, agent).expect(200);
    const res = await agent.get('/api/partner/current');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(PartnerCurrent.strict().parse(res.body)).toEqual({
      user: { id: user.id, firstName: 'Per', lastName: null, email: user.email, username: user.username, role: 'partner' },
      partner: { companyName: partner.company_name, contactName: partner.contact_name, phone: null, createdAt: partner.created_at.toISOString() },
    });
  });
});
