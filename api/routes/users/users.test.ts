import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES as M, AdminUser, AdminUserList } from '../../contract/admin-users';
import { AUTH_MESSAGES } from '../../contract/auth-rules';
import type { DbUserRow } from '../../queries/users';
import { buildUser, unknownId } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, useTestDatabase } from '../../test/test-db';
import { expectError } from '../../test/expect-error';

const getDb = useTestDatabase();
const PASSWORD = 'gammalt-lösen-1';

let app: ReturnType<typeof createTestApp>;
let admin: { agent: ReturnType<typeof browserAgent>; user: DbUserRow };

beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, admin_audit_log cascade');
  app = createTestApp(getDb().db);
  admin = await signedInAgent(app, getDb().db, 'admin');
});

const userRow = (id: string) => getDb().db<DbUserRow>('users').where({ id }).first();
const auditRows = () => getDb().db('admin_audit_log').select('*').orderBy('id');

/** A user with a password, signed in on their own browser (to see their sessions end). */
async function signedInUser(overrides: Partial<DbUserRow> = {}) {
  const user = await buildUser(getDb().db, { password: PASSWORD, ...overrides });
  const agent = browserAgent(app);
  await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
  return { user, agent };
}

const sessionCount = async (userId: string) => Number((await getDb().db('sessions').where({ user_id: userId }).count({ n: '*' }))[0]!.n);

const signIn = (email: string, password: string) => browserAgent(app).post('/api/auth/login').send({ email, password });

const newUser = {
  username: 'nyavinvan',
  email: 'ny.vinvan@example.se',
  firstName: 'Nils',
  lastName: 'Ek',
  password: 'hemligt-1',
  role: 'moderator',
  isActive: true,
  isVerified: true,
};

describe('GET /api/users', () => {
  it('requires admin: 401 for guests, 403 for users', async () => {
    expect((await browserAgent(app).get('/api/users')).status).toBe(401);
    const { agent } = await signedInUser();
    const res = await agent.get('/api/users');
    expect(res.status).toBe(403);
    expect(expectError(res.body).message).toBe(AUTH_MESSAGES.forbidden);
  });

  it('lists users newest first with the admin allow-list, never the hash, and no caching', async () => {
    const db = getDb().db;
    const older = await buildUser(db, {
      created_at: new Date('2026-01-01T10:00:00Z'),
      last_login_at: new Date('2026-02-01T08:00:00Z'),
    } as Partial<DbUserRow>);
    const newer = await buildUser(db, { created_at: new Date('2026-03-01T10:00:00Z'), role: 'partner' } as Partial<DbUserRow>);
    await db('users')
      .where({ id: admin.user.id })
      .update({ created_at: new Date('2025-01-01T00:00:00Z') });

    const res = await admin.agent.get('/api/users');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AdminUserList.strict().safeParse(res.body).success).toBe(true);
    expect(res.body.items.map((u: { id: string }) => u.id)).toEqual([newer.id, older.id, admin.user.id]);
    expect(Object.keys(res.body.items[1]).sort()).toEqual(
      ['authType', 'createdAt', 'email', 'firstName', 'id', 'isActive', 'isVerified', 'lastLoginAt', 'lastName', 'role', 'username'].sort(),
    );
    expect(res.body.items[1]).toMatchObject({
      username: older.username,
      email: older.email,
      firstName: 'Anna',
      lastName: 'Svensson',
      role: 'user',
      isActive: true,
      isVerified: true,
      authType: 'local',
      createdAt: '2026-01-01T10:00:00.000Z',
      lastLoginAt: '2026-02-01T08:00:00.000Z',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password|session/i);
    expect(res.body.total).toBe(3);
  });

  it('searches username, e-mail, first, last and full name, in any letter case', async () => {
    const db = getDb().db;
    const karin = await buildUser(db, { username: 'karinvin', email: 'k.lind@exempel.se', first_name: 'Karin', last_name: 'Lindqvist' });
    const per = await buildUser(db, { username: 'pelle', email: 'per@vingard.se', first_name: 'Per', last_name: 'Åström' });
    const search = async (q: string) => (await admin.agent.get('/api/users').query({ q })).body.items.map((u: { id: string }) => u.id);

    expect(await search('KARINV')).toEqual([karin.id]);
    expect(await search('@VINGARD')).toEqual([per.id]);
    expect(await search('lindq')).toEqual([karin.id]);
    expect(await search('åström')).toEqual([per.id]);
    expect(await search('Karin Lind')).toEqual([karin.id]);
    expect(await search('  pelle  ')).toEqual([per.id]);
    // LIKE's wildcards are matched literally.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('filters by role and isActive (combined); total counts the matches, stats count every user', async () => {
    const db = getDb().db;
    await buildUser(db, { role: 'partner' });
    const inactivePartner = await buildUser(db, { role: 'partner', is_active: false });
    await buildUser(db, { role: 'moderator', is_verified: false });
    await buildUser(db, { role: 'user', is_active: false, is_verified: false });

    const res = await admin.agent.get('/api/users').query({ role: 'partner', isActive: 'false' });

    expect(res.status).toBe(200);
    expect(res.body.items.map((u: { id: string }) => u.id)).toEqual([inactivePartner.id]);
    expect(res.body.total).toBe(1);
    expect(res.body.stats).toEqual({ total: 5, active: 3, verified: 3, byRole: { user: 1, partner: 2, moderator: 1, admin: 1 } });
    expect((await admin.agent.get('/api/users').query({ isActive: 'true' })).body.total).toBe(3);
  });

  it('pages with limit and offset without overlap', async () => {
    for (let i = 0; i < 4; i++) await buildUser(getDb().db);
    const first = await admin.agent.get('/api/users').query({ limit: 3 });
    const second = await admin.agent.get('/api/users').query({ limit: 3, offset: 3 });

    expect(first.body.items).toHaveLength(3);
    expect(second.body.items).toHaveLength(2);
    expect(first.body.total).toBe(5);
    const ids = [...first.body.items, ...second.body.items].map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(5);
  });

  it.each([
    ['an unknown role', { role: 'superuser' }, M.roleInvalid],
    ['isActive not true/false', { isActive: 'ja' }, M.filterInvalid],
    ['limit 0', { limit: '0' }, M.pageInvalid],
    ['limit over 1000', { limit: '1001' }, M.pageInvalid],
    ['a negative offset', { offset: '-1' }, M.pageInvalid],
    ['a search over 200 characters', { q: 'a'.repeat(201) }, M.searchTooLong],
  ])('refuses %s with 400', async (_what, query, message) => {
    const res = await admin.agent.get('/api/users').query(query);
    expect(res.status).toBe(400);
    const error = expectError(res.body);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(message);
  });
});

describe('GET /api/users/:id', () => {
  it('requires admin', async () => {
    const { agent, user } = await signedInUser({ role: 'moderator' });
    expect((await agent.get(`/api/users/${user.id}`)).status).toBe(403);
  });

  it('answers the user', async () => {
    const user = await buildUser(getDb().db, { role: 'partner', is_verified: false });
    const res = await admin.agent.get(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(AdminUser.strict().parse(res.body)).toMatchObject({ id: user.id, role: 'partner', isVerified: false, lastLoginAt: null });
  });

  it('answers 404 with a Swedish message for an unknown or malformed id', async () => {
    const res = await admin.agent.get(`/api/users/${unknownId()}`);
    expect(res.status).toBe(404);
    expect(expectError(res.body)).toMatchObject({ code: 'user_not_found', message: M.notFound });
    expect((await admin.agent.get('/api/users/inte-ett-id')).status).toBe(404);
  });
});

describe('POST /api/users', () => {
  it('requires admin', async () => {
    const { agent } = await signedInUser({ role: 'partner' });
    expect((await agent.post('/api/users').send(newUser)).status).toBe(403);
    expect(await getDb().db('users').where({ username: newUser.username }).first()).toBeUndefined();
  });

  it('creates a local user with an argon2id hash who can sign in, and audits it', async () => {
    const res = await admin.agent.post('/api/users').send(newUser);

    expect(res.status).toBe(201);
    const body = AdminUser.strict().parse(res.body);
    expect(body).toMatchObject({
      username: 'nyavinvan',
      email: 'ny.vinvan@example.se',
      firstName: 'Nils',
      lastName: 'Ek',
      role: 'moderator',
      isActive: true,
      isVerified: true,
      authType: 'local',
      lastLoginAt: null,
    });
    const row = (await userRow(body.id))!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_changed_at).not.toBeNull();
    expect((await signIn(newUser.email, newUser.password)).status).toBe(200);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.user.id, action: 'user.create', entity_type: 'user', entity_id: body.id });
    expect(audit[0].summary).toBe('Skapade användaren "nyavinvan" (Moderator)');
  });

  it('defaults to role user, active and unverified; blank names are stored as null', async () => {
    const res = await admin.agent
      .post('/api/users')
      .send({ username: '  kalle ', email: ' Kalle@Example.se ', password: 'sexsex', firstName: '  ', lastName: '' });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: 'kalle',
      email: 'Kalle@Example.se',
      role: 'user',
      isActive: true,
      isVerified: false,
      firstName: null,
      lastName: null,
    });
  });

  it.each([
    ['a missing username', { ...newUser, username: undefined }, 'body.username', M.usernameRequired],
    ['a blank username', { ...newUser, username: '   ' }, 'body.username', M.usernameRequired],
    ['a username over 50 characters', { ...newUser, username: 'x'.repeat(51) }, 'body.username', M.usernameTooLong],
    ['a missing e-mail', { ...newUser, email: undefined }, 'body.email', M.emailRequired],
    ['an invalid e-mail', { ...newUser, email: 'nils.example.se' }, 'body.email', M.emailInvalid],
    ['a missing password', { ...newUser, password: undefined }, 'body.password', M.passwordRequired],
    ['a blank password', { ...newUser, password: '' }, 'body.password', M.passwordTooShort],
    ['a 5-character password', { ...newUser, password: '12345' }, 'body.password', M.passwordTooShort],
    ['a password over 256 characters', { ...newUser, password: 'p'.repeat(257) }, 'body.password', M.passwordTooLong],
    ['an unknown role', { ...newUser, role: 'root' }, 'body.role', M.roleInvalid],
    ['isActive as text', { ...newUser, isActive: 'true' }, 'body.isActive', M.flagInvalid],
    ['a first name over 100 characters', { ...newUser, firstName: 'N'.repeat(101) }, 'body.firstName', M.nameTooLong],
  ])('refuses %s with 400, the field named, and no row', async (_what, body, path, message) => {
    const res = await admin.agent.post('/api/users').send(body);

    expect(res.status).toBe(400);
    const error = expectError(res.body);
    expect(error.code).toBe('validation_failed');
    expect(error.details).toContainEqual({ path, message });
    expect(await getDb().db('users').whereRaw('lower(email) = ?', [newUser.email]).first()).toBeUndefined();
  });

  it('refuses unknown fields (e.g. a password hash) with 400', async () => {
    const res = await admin.agent.post('/api/users').send({ ...newUser, passwordHash: 'x', authType: 'admin' });
    expect(res.status).toBe(400);
    expect(await getDb().db('users').where({ username: newUser.username }).first()).toBeUndefined();
  });

  it('refuses a username taken in another letter case with 409 on the field', async () => {
    await buildUser(getDb().db, { username: 'NyaVinVan' });
    const res = await admin.agent.post('/api/users').send(newUser);

    expect(res.status).toBe(409);
    const error = expectError(res.body);
    expect(error).toMatchObject({ code: 'username_taken', message: M.usernameTaken });
    expect(error.details).toEqual([{ path: 'body.username', message: M.usernameTaken }]);
    expect(await auditRows()).toHaveLength(0);
  });

  it('refuses an e-mail taken in another letter case with 409 on the field', async () => {
    await buildUser(getDb().db, { email: 'NY.VINVAN@example.SE' });
    const res = await admin.agent.post('/api/users').send(newUser);

    expect(res.status).toBe(409);
    expect(expectError(res.body)).toMatchObject({
      code: 'email_taken',
      message: M.emailTaken,
      details: [{ path: 'body.email', message: M.emailTaken }],
    });
  });

  it('answers 409, not 500, when the same user is created twice at once', async () => {
    const [a, b] = await Promise.all([admin.agent.post('/api/users').send(newUser), admin.agent.post('/api/users').send(newUser)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await getDb().db('users').where({ username: newUser.username })).toHaveLength(1);
  });
});

describe('PATCH /api/users/:id', () => {
  it('requires admin', async () => {
    const { agent, user } = await signedInUser();
    expect((await agent.patch(`/api/users/${user.id}`).send({ role: 'admin' })).status).toBe(403);
    expect((await userRow(user.id))!.role).toBe('user');
  });

  it('changes the given fields, keeps the password when it is omitted, audits what changed, and ends the sessions (role and address changed)', async () => {
    const { user, agent } = await signedInUser();
    const before = (await userRow(user.id))!;

    const res = await admin.agent
      .patch(`/api/users/${user.id}`)
      .send({ username: 'omdopt', email: 'ny@example.se', firstName: 'Berit', lastName: null, role: 'partner', isVerified: false });

    expect(res.status).toBe(200);
    expect(AdminUser.strict().parse(res.body)).toMatchObject({
      id: user.id,
      username: 'omdopt',
      email: 'ny@example.se',
      firstName: 'Berit',
      lastName: null,
      role: 'partner',
      isActive: true,
      isVerified: false,
    });
    const after = (await userRow(user.id))!;
    expect(after.password_hash).toBe(before.password_hash);
    // A new role or address is a new identity: every session of the account ends, on every process.
    expect(after.session_version).toBe(before.session_version + 1);
    expect((await agent.get('/api/auth/current')).status).toBe(401);
    expect(await getDb().db('sessions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
    const [audit] = await auditRows();
    expect(audit).toMatchObject({ action: 'user.update', entity_id: user.id });
    expect(audit.summary).toBe('Uppdaterade användaren "omdopt": användarnamn "omdopt", e-post ny@example.se, namn, roll Partner, overifierad');
  });

  it.each([
    ['blank', '   '],
    ['empty', ''],
    ['null', null],
  ])('leaves the password unchanged when it is %s', async (_what, password) => {
    const { user, agent } = await signedInUser();
    const before = (await userRow(user.id))!;

    const res = await admin.agent.patch(`/api/users/${user.id}`).send({ firstName: 'Greta', password });

    expect(res.status).toBe(200);
    expect((await userRow(user.id))!.password_hash).toBe(before.password_hash);
    expect((await agent.get('/api/auth/current')).status).toBe(200);
  });

  it('sets a new password: every session of the user ends, the new one signs in, the old one no longer does', async () => {
    const { user, agent } = await signedInUser();
    const phone = browserAgent(app);
    await phone.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    const before = (await userRow(user.id))!;
    expect(await sessionCount(user.id)).toBe(2);

    const res = await admin.agent.patch(`/api/users/${user.id}`).send({ password: 'helt-nytt-9' });

    expect(res.status).toBe(200);
    const after = (await userRow(user.id))!;
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.session_version).toBe(before.session_version + 1);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await agent.get('/api/auth/current')).status).toBe(401);
    expect((await phone.get('/api/auth/current')).status).toBe(401);
    expect((await signIn(user.email, 'helt-nytt-9')).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
    expect((await auditRows())[0].summary).toBe(`Uppdaterade användaren "${user.username}": nytt lösenord`);
    // The admin's own session is untouched.
    expect((await admin.agent.get('/api/users')).status).toBe(200);
  });

  it('makes an earlier password-reset link worthless when it sets a new password', async () => {
    const { user } = await signedInUser();
    const [token] = await getDb()
      .db('password_reset_tokens')
      .insert({ user_id: user.id, token_hash: 'a'.repeat(64), expires_at: new Date(Date.now() + 3_600_000) })
      .returning('*');

    await admin.agent.patch(`/api/users/${user.id}`).send({ password: 'helt-nytt-9' }).expect(200);

    const row = await getDb().db('password_reset_tokens').where({ id: token.id }).first();
    expect(row.superseded_at).not.toBeNull();
  });

  it("deactivating ends the user's sessions and stops sign-in; reactivating lets them in again", async () => {
    const { user, agent } = await signedInUser();

    const res = await admin.agent.patch(`/api/users/${user.id}`).send({ isActive: false });

    expect(res.status).toBe(200);
    expect(res.body.isActive).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await agent.get('/api/auth/current')).status).toBe(401);
    const refused = await signIn(user.email, PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('account_deactivated');

    expect((await admin.agent.patch(`/api/users/${user.id}`).send({ isActive: true })).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
    expect((await auditRows()).map((a) => a.summary)).toEqual([
      `Uppdaterade användaren "${user.username}": inaktiverad`,
      `Uppdaterade användaren "${user.username}": aktiverad`,
    ]);
  });

  it('refuses to let an admin deactivate themself (409) and changes nothing', async () => {
    const res = await admin.agent.patch(`/api/users/${admin.user.id}`).send({ isActive: false, firstName: 'Ändrad' });

    expect(res.status).toBe(409);
    expect(expectError(res.body)).toMatchObject({ code: 'cannot_deactivate_self', message: M.cannotDeactivateSelf });
    const row = (await userRow(admin.user.id))!;
    expect(row.is_active).toBe(true);
    expect(row.first_name).toBe('Anna');
    expect(await auditRows()).toHaveLength(0);
  });

  it('refuses to let an admin demote themself (409)', async () => {
    const res = await admin.agent.patch(`/api/users/${admin.user.id}`).send({ role: 'moderator' });

    expect(res.status).toBe(409);
    expect(expectError(res.body)).toMatchObject({ code: 'cannot_demote_self', message: M.cannotDemoteSelf });
    expect((await userRow(admin.user.id))!.role).toBe('admin');
  });

  it('lets an admin edit their own names and keep their role', async () => {
    const res = await admin.agent.patch(`/api/users/${admin.user.id}`).send({ firstName: 'Agnes', role: 'admin', isActive: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Agnes', role: 'admin', isActive: true });
  });

  it('keeps the admin signed in when they set their own password, ending their other sessions', async () => {
    const other = browserAgent(app);
    await other.post('/api/auth/login').send({ email: admin.user.email, password: 'test-lösen-1' }).expect(200);

    const res = await admin.agent.patch(`/api/users/${admin.user.id}`).send({ password: 'eget-nytt-1' });

    expect(res.status).toBe(200);
    expect((await admin.agent.get('/api/users')).status).toBe(200);
    expect((await other.get('/api/users')).status).toBe(401);
  });

  it('lets two admins demoting each other at once leave one admin: never zero', async () => {
    const second = await signedInAgent(app, getDb().db, 'admin');

    const [a, b] = await Promise.all([
      admin.agent.patch(`/api/users/${second.user.id}`).send({ role: 'user' }),
      second.agent.patch(`/api/users/${admin.user.id}`).send({ role: 'user' }),
    ]);

    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].filter((s) => s !== 200)[0]).toBeOneOf([401, 403, 409]);
    expect(await getDb().db('users').where({ role: 'admin', is_active: true })).toHaveLength(1);
  });

  it('refuses a username or e-mail of another user (any letter case) with 409 on the field', async () => {
    const user = await buildUser(getDb().db);
    await buildUser(getDb().db, { username: 'upptagen', email: 'upptagen@example.se' });

    const byName = await admin.agent.patch(`/api/users/${user.id}`).send({ username: 'UPPTAGEN' });
    const byEmail = await admin.agent.patch(`/api/users/${user.id}`).send({ email: 'Upptagen@Example.se' });

    expect(byName.status).toBe(409);
    expect(expectError(byName.body).details).toEqual([{ path: 'body.username', message: M.usernameTaken }]);
    expect(byEmail.status).toBe(409);
    expect(expectError(byEmail.body).details).toEqual([{ path: 'body.email', message: M.emailTaken }]);
    expect((await userRow(user.id))!.username).toBe(user.username);
  });

  it("lets a user's own username and e-mail change letter case", async () => {
    const user = await buildUser(getDb().db, { username: 'gemener', email: 'gemener@example.se' });
    const res = await admin.agent.patch(`/api/users/${user.id}`).send({ username: 'Gemener', email: 'Gemener@Example.se' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'Gemener', email: 'Gemener@Example.se' });
  });

  it('refuses a password for an identity-provider admin (409): they have none here', async () => {
    const idp = await buildUser(getDb().db, { role: 'admin', auth_type: 'admin' });
    const res = await admin.agent.patch(`/api/users/${idp.id}`).send({ password: 'nytt-lösen-1' });

    expect(res.status).toBe(409);
    expect(expectError(res.body)).toMatchObject({ code: 'identity_provider_admin', message: M.identityProviderHasNoPassword });
    expect((await userRow(idp.id))!.password_hash).toBeNull();
  });

  it('records nothing when nothing changes', async () => {
    const user = await buildUser(getDb().db);
    const res = await admin.agent.patch(`/api/users/${user.id}`).send({ firstName: user.first_name, role: user.role });
    expect(res.status).toBe(200);
    expect(await auditRows()).toHaveLength(0);
  });

  it.each([
    ['a 5-character password', { password: 'abcde' }, 'body.password', M.passwordTooShort],
    ['a blank username', { username: ' ' }, 'body.username', M.usernameRequired],
    ['an invalid e-mail', { email: 'inte-en-adress' }, 'body.email', M.emailInvalid],
    ['an unknown role', { role: 'Administratör' }, 'body.role', M.roleInvalid],
    ['isVerified as a number', { isVerified: 1 }, 'body.isVerified', M.flagInvalid],
  ])('refuses %s with 400 and changes nothing', async (_what, body, path, message) => {
    const user = await buildUser(getDb().db);
    const res = await admin.agent.patch(`/api/users/${user.id}`).send(body);

    expect(res.status).toBe(400);
    expect(expectError(res.body).details).toContainEqual({ path, message });
    expect((await userRow(user.id))!.updated_at).toEqual(user.updated_at);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await admin.agent.patch(`/api/users/${unknownId()}`).send({ firstName: 'Ingen' });
    expect(res.status).toBe(404);
    expect(expectError(res.body).message).toBe(M.notFound);
  });
});

describe('POST /api/admin/users/:id/verify', () => {
  it('requires admin', async () => {
    const { agent, user } = await signedInUser({ is_verified: false });
    expect((await agent.post(`/api/admin/users/${user.id}/verify`)).status).toBe(403);
    expect((await userRow(user.id))!.is_verified).toBe(false);
  });

  it('marks the user verified, answers the user and audits it once (idempotent)', async () => {
    const user = await buildUser(getDb().db, { is_verified: false });

    const res = await admin.agent.post(`/api/admin/users/${user.id}/verify`);
    const again = await admin.agent.post(`/api/admin/users/${user.id}/verify`);

    expect(res.status).toBe(200);
    expect(AdminUser.strict().parse(res.body)).toMatchObject({ id: user.id, isVerified: true });
    expect(again.status).toBe(200);
    expect((await userRow(user.id))!.is_verified).toBe(true);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.verify', entity_id: user.id, summary: `Verifierade användaren "${user.username}"` });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await admin.agent.post(`/api/admin/users/${unknownId()}/verify`);
    expect(res.status).toBe(404);
    expect(expectError(res.body)).toMatchObject({ code: 'user_not_found', message: M.notFound });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('requires admin', async () => {
    const { agent } = await signedInUser({ role: 'moderator' });
    const victim = await buildUser(getDb().db);
    expect((await agent.delete(`/api/admin/users/${victim.id}`)).status).toBe(403);
    expect((await userRow(victim.id))!.is_active).toBe(true);
  });

  it('deactivates, never deletes: 204, the row stays, sessions end, sign-in is refused, audited', async () => {
    const { user, agent } = await signedInUser();
    const before = (await userRow(user.id))!;

    const res = await admin.agent.delete(`/api/admin/users/${user.id}`);

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const after = (await userRow(user.id))!;
    expect(after).toBeDefined();
    expect(after.is_active).toBe(false);
    expect(after.session_version).toBe(before.session_version + 1);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await agent.get('/api/auth/current')).status).toBe(401);
    expect((await signIn(user.email, PASSWORD)).status).toBe(403);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.deactivate', entity_id: user.id, summary: `Inaktiverade användaren "${user.username}"` });
  });

  it('is idempotent: an inactive user answers 204 and is not audited again', async () => {
    const user = await buildUser(getDb().db, { is_active: false });
    expect((await admin.agent.delete(`/api/admin/users/${user.id}`)).status).toBe(204);
    expect(await auditRows()).toHaveLength(0);
  });

  it('deactivates another admin', async () => {
    const other = await signedInAgent(app, getDb().db, 'admin');
    expect((await admin.agent.delete(`/api/admin/users/${other.user.id}`)).status).toBe(204);
    expect((await other.agent.get('/api/users')).status).toBe(401);
  });

  it('refuses to let an admin deactivate themself (409)', async () => {
    const res = await admin.agent.delete(`/api/admin/users/${admin.user.id}`);

    expect(res.status).toBe(409);
    expect(expectError(res.body)).toMatchObject({ code: 'cannot_deactivate_self', message: M.cannotDeactivateSelf });
    expect((await userRow(admin.user.id))!.is_active).toBe(true);
    expect((await admin.agent.get('/api/users')).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const res = await admin.agent.delete(`/api/admin/users/${unknownId()}`);
    expect(res.status).toBe(404);
    expect(expectError(res.body).message).toBe(M.notFound);
    expect((await admin.agent.delete('/api/admin/users/123')).status).toBe(404);
  });
});
