import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from '../../contract/auth-rules';
import type { Workers } from '../../jobs/workers';
import { startTestWorkers } from '../../test/test-workers';
import { QUEUES } from '../../jobs/queue';
import { UNIFORM_ANSWER_MS } from '../../lib/uniform-time';
import { expectSameTime } from '../../test/timing';
import { buildUser } from '../../test/factories';
import { resetLinkIn, startSmtpCapture } from '../../test/smtp';
import { browserAgent, type createTestApp, TEST_ORIGIN, useTestDatabase, truncateTables } from '../../test/test-db';
import { sha256Hex } from '../../auth/sha256';

// The whole path of a reset: request → pg-boss job → nodemailer → a real SMTP server → the link → confirm.
const getDb = useTestDatabase();
const OLD = 'gammalt-1';
const NEW = 'nytt-lösen-2';

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
  await truncateTables(getDb().db, ['users', 'sessions', 'rate_limits', 'password_reset_tokens']);
  smtp.messages.length = 0;
});

async function requestLink(email: string) {
  const res = await browserAgent(app).post('/api/auth/reset-password').send({ email });
  expect(res.status).toBe(202);
  const mail = await smtp.waitFor((m) => m.to.includes(email.toLowerCase()) && m.parsed.date! >= new Date(Date.now() - 60_000) && !seen.has(m));
  seen.add(mail);
  return { mail, link: resetLinkIn(mail) };
}
const seen = new Set<unknown>();

async function signInStatus(email: string, password: string) {
  return (await browserAgent(app).post('/api/auth/login').send({ email, password })).status;
}

describe('POST /api/auth/reset-password', () => {
  it('mails a Swedish link to /reset-password?token=… (plain text and HTML) and stores only a hash', async () => {
    const user = await buildUser(getDb().db, { password: OLD, username: 'Sommelier<script>' });
    const { mail, link } = await requestLink(user.email);
    expect(mail.subject).toBe('Återställ ditt lösenord hos Vinpressen');
    expect(mail.parsed.from?.text).toContain('no-reply@vinpressen.test');
    expect(mail.text).toContain('Hej Sommelier<script>!');
    expect(mail.text).toContain('60 minuter');
    expect(mail.html).toContain('Sommelier&lt;script&gt;');
    expect(mail.html).toContain(link.href.replace(/&/g, '&amp;'));
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/reset-password`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await getDb().db('password_reset_tokens').select('token_hash');
    expect(rows).toEqual([{ token_hash: sha256Hex(token) }]);
    // Marked as mailed right after the SMTP server accepted it.
    await expect.poll(async () => (await getDb().db('password_reset_tokens').first()).mailed_at).not.toBeNull();
    // The raw token appears nowhere in the database, the job queue included.
    const { rows: hits } = await getDb().db.raw(`select count(*)::int as n from pgboss.job where data::text like ?`, [`%${token}%`]);
    expect(hits[0].n).toBe(0);
  });

  it('answers exactly the same for an unknown address, and mails nothing', async () => {
    const user = await buildUser(getDb().db, { password: OLD });
    const known = await browserAgent(app).post('/api/auth/reset-password').send({ email: user.email });
    const unknown = await browserAgent(app).post('/api/auth/reset-password').send({ email: 'ingen@example.se' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: M.resetRequested });
    await smtp.waitFor((m) => m.to.includes(user.email));
    expect(await getDb().db('password_reset_tokens').count('* as n').first()).toEqual({ n: 1 });
    expect(smtp.messages.filter((m) => m.to.includes('ingen@example.se'))).toHaveLength(0);
  });

  it('sends no link to a deactivated account or an identity-provider admin', async () => {
    const inactive = await buildUser(getDb().db, { password: OLD, is_active: false });
    const admin = await buildUser(getDb().db, { role: 'admin', auth_type: 'admin' });
    for (const email of [inactive.email, admin.email]) {
      expect((await browserAgent(app).post('/api/auth/reset-password').send({ email })).status).toBe(202);
    }
    expect(await getDb().db('password_reset_tokens').count('* as n').first()).toEqual({ n: 0 });
  });

  it('answers 400 for a missing or malformed address', async () => {
    const res = await browserAgent(app).post('/api/auth/reset-password').send({ email: 'inte-en-adress' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path: 'body.email', message: M.emailInvalid });
    expect((await browserAgent(app).post('/api/auth/reset-password').send({})).status).toBe(400);
  });

  it('takes the same time for a registered and an unknown address (within 25 ms of each other, both at least the 300 ms floor)', {
    retry: 2,
  }, async () => {
    // A retry starts afresh: the address and IP limits would otherwise count the earlier attempt's requests.
    await getDb().db.raw('truncate rate_limits');
    const user = await buildUser(getDb().db, { password: OLD });
    await expectSameTime(
      (known, i) =>
        browserAgent(app)
          .post('/api/auth/reset-password')
          .send({ email: known ? user.email : `okand${i}@example.se` })
          .expect(202),
      {
        floorMs: UNIFORM_ANSWER_MS,
        rounds: 5, // the address may ask 5 times an hour
      },
    );
  });

  it('limits requests to 5 an hour per address (429 with Retry-After), known or not', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await browserAgent(app).post('/api/auth/reset-password').send({ email: 'ingen@example.se' })).status).toBe(202);
    }
    const res = await browserAgent(app).post('/api/auth/reset-password').send({ email: 'INGEN@example.se' });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(res.body.error.message).toMatch(/^För många försök\. Försök igen om \d+ minuter\.$/);
  });
});

describe('POST /api/auth/reset-password-confirm', () => {
  it('sets the new password from the mailed link: the new one works, the old one does not', async () => {
    const user = await buildUser(getDb().db, { password: OLD });
    const { link } = await requestLink(user.email);
    const res = await browserAgent(app)
      .post('/api/auth/reset-password-confirm')
      .send({ token: link.searchParams.get('token'), newPassword: NEW });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: M.passwordResetDone });
    expect(await signInStatus(user.email, NEW)).toBe(200);
    expect(await signInStatus(user.email, OLD)).toBe(401);
  });

  it('works once: the same link again is refused', async () => {
    const user = await buildUser(getDb().db, { password: OLD });
    const { link } = await requestLink(user.email);
    const token = link.searchParams.get('token');
    await browserAgent(app).post('/api/auth/reset-password-confirm').send({ token, newPassword: NEW }).expect(200);
    const again = await browserAgent(app).post('/api/auth/reset-password-confirm').send({ token, newPassword: 'tredje-3' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ message: M.resetTokenInvalid });
    expect(await signInStatus(user.email, NEW)).toBe(200);
  });

  it('refuses an expired link (after 60 minutes)', async () => {
    const user = await buildUser(getDb().db, { password: OLD });
    const { link } = await requestLink(user.email);
    // The worker marks the token mailed (and counts the 60 minutes from then) just after the SMTP server accepted it.
    await expect.poll(async () => (await getDb().db('password_reset_tokens').first()).mailed_at).not.toBeNull();
    const row = await getDb().db('password_reset_tokens').first();
    const minutes = (new Date(row.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    await getDb()
      .db('password_reset_tokens')
      .update({ expires_at: getDb().db.raw(`now() - interval '1 second'`) });
    const res = await browserAgent(app)
      .post('/api/auth/reset-password-confirm')
      .send({ token: link.searchParams.get('token'), newPassword: NEW });
    expect(res.status).toBe(400);
    expect(await signInStatus(user.email, OLD)).toBe(200);
  });

  it('asking twice leaves only the newest link working', async () => {
    const user = await buildUser(getDb().db, { password: OLD });
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(second.link.href).not.toBe(first.link.href);
    const old = await browserAgent(app)
      .post('/api/auth/reset-password-confirm')
      .send({ token: first.link.searchParams.get('token'), newPassword: NEW });
    expect(old.status).toBe(400);
    const newest = await browserAgent(app)
      .post('/api/auth/reset-password-confirm')
      .send({ token: second.link.searchParams.get('token'), newPassword: NEW });
    expect(newest.status).toBe(200);
  });

  it('ends every session of the user', async () => {
    const user = await buildUser(getDb().db, { password: OLD });
    const signedIn = browserAgent(app);
    await signedIn.post('/api/auth/login').send({ email: user.email, password: OLD }).expect(200);
    const { link } = await requestLink(user.email);
    await browserAgent(app)
      .post('/api/auth/reset-password-confirm')
      .send({ token: link.searchParams.get('token'), newPassword: NEW })
      .expect(200);
    expect((await signedIn.get('/api/auth/current')).status).toBe(401);
  });

  it.each([
    [{ token: 'x'.repeat(43), newPassword: NEW }, 400, 'body.token', M.resetTokenInvalid],
    [{ token: '', newPassword: NEW }, 400, 'body.token', M.tokenRequired],
    [{ token: 'abc', newPassword: 'kort' }, 400, 'body.newPassword', 'Lösenordet måste vara minst 6 tecken långt.'],
  ])('answers %j with %i and the field message', async (body, status, path, message) => {
    const res = await browserAgent(app).post('/api/auth/reset-password-confirm').send(body);
    expect(res.status).toBe(status);
    expect(res.body.error.details).toContainEqual({ path, message });
  });
});

describe('mail delivery', () => {
  it('uses a durable queue: retries with backoff for days, then a dead-letter queue', async () => {
    const queue = await workers.jobs.boss.getQueue(QUEUES.mail.name);
    expect(queue).toMatchObject({ retryLimit: 13, retryDelay: 30, retryBackoff: true, deadLetter: 'mail.dead' });
  });

  it('survives an SMTP outage: the refused mail is retried and arrives with a working link', async () => {
    // Same queue, shorter waits, so the test sees the retry happen.
    await workers.jobs.boss.updateQueue(QUEUES.mail.name, { retryDelay: 1, retryBackoff: false });
    try {
      const user = await buildUser(getDb().db, { password: OLD });
      smtp.failNext(1);
      const res = await browserAgent(app).post('/api/auth/reset-password').send({ email: user.email });
      expect(res.status).toBe(202);
      const mail = await smtp.waitFor((m) => m.to.includes(user.email), 20_000);
      expect(smtp.refused).toBe(1);
      const token = resetLinkIn(mail).searchParams.get('token');
      await browserAgent(app).post('/api/auth/reset-password-confirm').send({ token, newPassword: NEW }).expect(200);
    } finally {
      await workers.jobs.boss.updateQueue(QUEUES.mail.name, { retryDelay: 30, retryBackoff: true });
    }
  });
});
