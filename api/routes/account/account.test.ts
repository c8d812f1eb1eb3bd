import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M, type UserRole } from '../../contract/auth-rules';
import { buildUser } from '../../test/factories';
import { browserAgent, createTestApp, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();
const OLD = 'gammalt-1';
const NEW = 'nytt-lösen-2';
const body = { currentPassword: OLD, newPassword: NEW, confirmNewPassword: NEW };

let app: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits cascade');
  app = createTestApp(getDb().db);
});

async function signedIn(role: UserRole = 'user') {
  const user = await buildUser(getDb().db, { password: OLD, role });
  const agent = browserAgent(app);
  await agent.post('/api/auth/login').send({ email: user.email, password: OLD }).expect(200);
  return { user, agent };
}

describe.each([
  ['/api/user/change-password', 'user' as const],
  ['/api/partner/change-password', 'partner' as const],
])('POST %s', (path, role) => {
  it('requires authentication (401)', async () => {
    const res = await browserAgent(app).post(path).send(body);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(M.notSignedIn);
  });

  it('refuses the wrong role (403), and admins, who have no password here', async () => {
    const other = await signedIn(role === 'user' ? 'partner' : 'user');
    expect((await other.agent.post(path).send(body)).status).toBe(403);
    const admin = await buildUser(getDb().db, { role: 'admin', auth_type: 'local', password: OLD });
    const agent = browserAgent(app);
    await agent.post('/api/auth/login').send({ email: admin.email, password: OLD }).expect(200);
    const res = await agent.post(path).send(body);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(M.forbidden);
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { user, agent } = await signedIn(role);
    const res = await agent.post(path).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Lösenord ändrat', sessionInvalidated: false });
    expect((await browserAgent(app).post('/api/auth/login').send({ email: user.email, password: NEW })).status).toBe(200);
    expect((await browserAgent(app).post('/api/auth/login').send({ email: user.email, password: OLD })).status).toBe(401);
    // The session that changed it stays signed in.
    expect((await agent.get('/api/auth/current')).status).toBe(200);
  });

  it("ends the user's other sessions and says so (sessionInvalidated: true)", async () => {
    const { user, agent } = await signedIn(role);
    const phone = browserAgent(app);
    await phone.post('/api/auth/login').send({ email: user.email, password: OLD }).expect(200);
    const someoneElse = await signedIn('user');
    const res = await agent.post(path).send(body);
    expect(res.body.sessionInvalidated).toBe(true);
    expect((await phone.get('/api/auth/current')).status).toBe(401);
    expect((await agent.get('/api/auth/current')).status).toBe(200);
    expect((await someoneElse.agent.get('/api/auth/current')).status).toBe(200);
    expect(await getDb().db('sessions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('answers 400 for a wrong current password and changes nothing', async () => {
    const { user, agent } = await signedIn(role);
    const res = await agent.post(path).send({ ...body, currentPassword: 'fel-fel' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'current_password_wrong', message: M.currentPasswordWrong });
    expect((await browserAgent(app).post('/api/auth/login').send({ email: user.email, password: OLD })).status).toBe(200);
  });

  it.each([
    [{ currentPassword: '' }, 'body.currentPassword', 'Nuvarande lösenord krävs'],
    [{ newPassword: 'kort5', confirmNewPassword: 'kort5' }, 'body.newPassword', 'Nytt lösenord måste vara minst 6 tecken långt'],
    [{ confirmNewPassword: '' }, 'body.confirmNewPassword', 'Bekräfta det nya lösenordet'],
    [{ confirmNewPassword: 'annat-lösen' }, 'body.confirmNewPassword', 'De nya lösenorden matchar inte'],
  ])("answers 400 for %j with the spec's message on the field", async (change, field, message) => {
    const { agent } = await signedIn(role);
    const res = await agent.post(path).send({ ...body, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path: field, message });
  });

  it('slows down guessing the current password after 5 free wrong tries (429, a wait that doubles)', async () => {
    const { agent } = await signedIn(role);
    for (let i = 0; i < 6; i++) expect((await agent.post(path).send({ ...body, currentPassword: `fel-${i}` })).status).toBe(400);
    const res = await agent.post(path).send(body);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
  });
});
