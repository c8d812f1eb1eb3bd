import type { Knex } from 'knex';
import {
  ADMIN_USER_MESSAGES as M,
  AdminUser,
  AdminUserCreate,
  AdminUserList,
  AdminUserListQuery,
  AdminUserParams,
  AdminUserUpdate,
} from '../../contract/admin-users';
import { AUTH_MESSAGES, ROLE_LABELS } from '../../contract/auth-rules';
import { ErrorBody } from '../../contract/errors';
import { hashPassword } from '../../auth/passwords';
import { type HttpError, conflict, forbidden, notFound } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { endOtherSessions } from '../../middlewares/auth';
import { presentAdminUser } from '../../presenters/admin-user';
import type { DbUserRow } from '../../presenters/user';
import {
  countOtherActiveAdmins,
  endAllSessions,
  findIdentityConflicts,
  findUserForUpdate,
  insertManagedUser,
  listAdminUsers,
  lockAdminChanges,
  supersedeResetTokens,
  updateManagedUser,
  userStats,
  type ManagedUserColumns,
} from '../../queries/admin-users';
import { recordAudit } from '../../queries/audit-log';
import { findUserById } from '../../queries/users';

const error = (description: string) => ({ description, schema: ErrorBody });
const TAGS = ['admin', 'users'];
const ADMIN_ONLY = ['admin'] as const;
const guarded = { 401: error('Not signed in'), 403: error('Not an admin') };

const userNotFound = () => notFound('user', M.notFound);

/** 409 naming each taken field (username first, like the register form), or nothing when none is taken. */
function identityTaken(taken: { email: boolean; username: boolean }): HttpError | null {
  const details = [
    ...(taken.username ? [{ path: 'body.username', message: M.usernameTaken }] : []),
    ...(taken.email ? [{ path: 'body.email', message: M.emailTaken }] : []),
  ];
  if (!details.length) return null;
  return conflict(taken.username ? 'username_taken' : 'email_taken', details[0]!.message, details);
}

/**
 * Runs `write`, turning a unique violation on lower(email)/lower(username) — another admin or a sign-up took
 * the name between our check and the insert — into the same 409 as the check.
 */
async function withIdentityRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'users_email_unique') throw identityTaken({ email: true, username: false })!;
    if (e.code === '23505' && e.constraint === 'users_username_unique') throw identityTaken({ email: false, username: true })!;
    throw err;
  }
}

/**
 * Refuses (409) a change that would take away the acting admin's own access or the last active admin.
 * Must run under `lockAdminChanges`. Re-reads the actor, whose role may have changed while we waited.
 */
async function assertAdminsRemain(trx: Knex.Transaction, actor: DbUserRow, target: DbUserRow, change: { deactivates: boolean; demotes: boolean }) {
  if (target.id === actor.id) {
    if (change.deactivates) throw conflict('cannot_deactivate_self', M.cannotDeactivateSelf);
    if (change.demotes) throw conflict('cannot_demote_self', M.cannotDemoteSelf);
  }
  const me = await findUserById(trx, actor.id);
  if (!me?.is_active || me.role !== 'admin') throw forbidden(AUTH_MESSAGES.forbidden);
  const losesAdmin = target.role === 'admin' && target.is_active && (change.deactivates || change.demotes);
  if (losesAdmin && (await countOtherActiveAdmins(trx, target.id)) === 0) throw conflict('last_admin', M.lastAdmin);
}

/** What changed, in Swedish, for the audit log: 'roll Moderator, inaktiverad, nytt lösenord'. */
function describeChanges(before: DbUserRow, after: DbUserRow, passwordChanged: boolean): string[] {
  const changes: string[] = [];
  if (before.username !== after.username) changes.push(`användarnamn "${after.username}"`);
  if (before.email !== after.email) changes.push(`e-post ${after.email}`);
  if (before.first_name !== after.first_name || before.last_name !== after.last_name) changes.push('namn');
  if (before.role !== after.role) changes.push(`roll ${ROLE_LABELS[after.role]}`);
  if (before.is_active !== after.is_active) changes.push(after.is_active ? 'aktiverad' : 'inaktiverad');
  if (before.is_verified !== after.is_verified) changes.push(after.is_verified ? 'verifierad' : 'overifierad');
  if (passwordChanged) changes.push('nytt lösenord');
  return changes;
}

/**
 * The admin panel's Users tab (spec 001 §2 'Users tab', §3 'Admin-managed user', §5 'Admin user form', §7):
 * list with search, role and active filters plus the stats cards; read one; create (password required,
 * 6–256); edit (password only when given; a new password or a deactivation ends every session of the user);
 * verify; deactivate (users are never deleted). Username and e-mail are unique regardless of letter case
 * (409). An admin can neither deactivate nor demote themself, and the last active admin stays (409).
 * Every write is recorded in the admin audit log in its transaction. Admins only.
 */
export function adminUserRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/users',
      summary: 'Users matching q/role/isActive, newest first, with the stats cards (counts over all users)',
      tags: TAGS,
      query: AdminUserListQuery,
      access: ADMIN_ONLY,
      responses: {
        200: { description: 'Items (one page), total matching, stats over all users', schema: AdminUserList },
        400: error('Invalid filter or page'),
        ...guarded,
      },
    },
    async (ctx) => {
      const { q, role, isActive, limit, offset } = ctx.state.input.query;
      const [{ rows, total }, stats] = await Promise.all([listAdminUsers(ctx.db, { q, role, isActive, limit, offset }), userStats(ctx.db)]);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: rows.map(presentAdminUser), total, stats };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/users/:id',
      summary: 'One user',
      tags: TAGS,
      params: AdminUserParams,
      access: ADMIN_ONLY,
      responses: { 200: { description: 'The user', schema: AdminUser }, 404: error('No such user'), ...guarded },
    },
    async (ctx) => {
      const row = await findUserById(ctx.db, ctx.state.input.params.id);
      if (!row) throw userNotFound();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminUser(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/users',
      summary: 'Create a user with a password (local sign-in), any role',
      tags: TAGS,
      body: AdminUserCreate,
      access: ADMIN_ONLY,
      responses: {
        201: { description: 'Created', schema: AdminUser },
        400: error('A field is missing or invalid (password at least 6 characters)'),
        ...guarded,
        409: error('Username or e-mail already taken (any letter case)'),
      },
    },
    async (ctx) => {
      const body = ctx.state.input.body;
      const actor = ctx.state.user;
      const taken = identityTaken(await findIdentityConflicts(ctx.db, { email: body.email, username: body.username }));
      if (taken) throw taken;
      const passwordHash = await hashPassword(body.password);
      const columns: ManagedUserColumns = {
        username: body.username,
        email: body.email,
        first_name: body.firstName,
        last_name: body.lastName,
        role: body.role,
        is_active: body.isActive,
        is_verified: body.isVerified,
      };
      const row = await withIdentityRace(() =>
        ctx.db.transaction(async (trx) => {
          const created = await insertManagedUser(trx, { ...columns, passwordHash });
          await recordAudit(trx, actor, {
            action: 'user.create',
            entityType: 'user',
            entityId: created.id,
            summary: `Skapade användaren "${created.username}" (${ROLE_LABELS[created.role]})`,
          });
          return created;
        }),
      );
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminUser(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'patch',
      path: '/api/users/:id',
      summary: "Edit a user; a blank password is left unchanged; a new password or a deactivation ends the user's sessions",
      tags: TAGS,
      params: AdminUserParams,
      body: AdminUserUpdate,
      access: ADMIN_ONLY,
      responses: {
        200: { description: 'The updated user', schema: AdminUser },
        400: error('A field is invalid'),
        ...guarded,
        404: error('No such user'),
        409: error('Username or e-mail taken; deactivating or demoting yourself; the last active admin; a password for an identity-provider admin'),
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const body = ctx.state.input.body;
      const actor = ctx.state.user;
      // Hashing takes a while: before the transaction, so no lock waits on it.
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const changes: Partial<ManagedUserColumns> = {
        ...(body.username !== undefined && { username: body.username }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.firstName !== undefined && { first_name: body.firstName }),
        ...(body.lastName !== undefined && { last_name: body.lastName }),
        ...(body.role !== undefined && { role: body.role }),
        ...(body.isActive !== undefined && { is_active: body.isActive }),
        ...(body.isVerified !== undefined && { is_verified: body.isVerified }),
      };
      const mayRemoveAdmin = body.isActive === false || (body.role !== undefined && body.role !== 'admin');

      const { row, passwordChanged } = await withIdentityRace(() =>
        ctx.db.transaction(async (trx) => {
          if (mayRemoveAdmin) await lockAdminChanges(trx); // always before the row lock: one lock order
          const before = await findUserForUpdate(trx, id);
          if (!before) throw userNotFound();
          const deactivates = before.is_active && changes.is_active === false;
          const demotes = before.role === 'admin' && changes.role !== undefined && changes.role !== 'admin';
          if (deactivates || demotes) await assertAdminsRemain(trx, actor, before, { deactivates, demotes });
          if (passwordHash && before.auth_type === 'admin') {
            throw conflict('identity_provider_admin', M.identityProviderHasNoPassword, [
              { path: 'body.password', message: M.identityProviderHasNoPassword },
            ]);
          }
          const taken = identityTaken(
            await findIdentityConflicts(
              trx,
              {
                ...(changes.email !== undefined && changes.email.toLowerCase() !== before.email.toLowerCase() && { email: changes.email }),
                ...(changes.username !== undefined &&
                  changes.username.toLowerCase() !== before.username.toLowerCase() && { username: changes.username }),
              },
              before.id,
            ),
          );
          if (taken) throw taken;

          const after = await updateManagedUser(trx, before.id, { ...changes, passwordHash });
          const summary = describeChanges(before, after, Boolean(passwordHash));
          if (!summary.length) return { row: after, passwordChanged: false };
          // The admin's own sessions are handled after the commit (this one stays signed in).
          if ((passwordHash || deactivates) && before.id !== actor.id) await endAllSessions(trx, before.id);
          if (passwordHash || before.email !== after.email) await supersedeResetTokens(trx, before.id);
          await recordAudit(trx, actor, {
            action: 'user.update',
            entityType: 'user',
            entityId: before.id,
            summary: `Uppdaterade användaren "${after.username}": ${summary.join(', ')}`,
          });
          return { row: after, passwordChanged: Boolean(passwordHash) };
        }),
      );
      let answer = row;
      if (passwordChanged && row.id === actor.id) {
        await endOtherSessions(ctx, actor.id);
        answer = (await findUserById(ctx.db, actor.id)) ?? row;
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminUser(answer);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/users/:id/verify',
      summary: 'Mark a user verified (idempotent)',
      tags: TAGS,
      params: AdminUserParams,
      access: ADMIN_ONLY,
      responses: { 200: { description: 'The verified user', schema: AdminUser }, ...guarded, 404: error('No such user') },
    },
    async (ctx) => {
      const actor = ctx.state.user;
      const row = await ctx.db.transaction(async (trx) => {
        const before = await findUserForUpdate(trx, ctx.state.input.params.id);
        if (!before) throw userNotFound();
        if (before.is_verified) return before;
        const after = await updateManagedUser(trx, before.id, { is_verified: true });
        await recordAudit(trx, actor, {
          action: 'user.verify',
          entityType: 'user',
          entityId: before.id,
          summary: `Verifierade användaren "${before.username}"`,
        });
        return after;
      });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminUser(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/api/admin/users/:id',
      summary: "Deactivate a user (never a hard delete) and end the user's sessions; idempotent",
      tags: TAGS,
      params: AdminUserParams,
      access: ADMIN_ONLY,
      responses: {
        204: { description: 'Deactivated (or already inactive)' },
        ...guarded,
        404: error('No such user'),
        409: error('Deactivating yourself, or the last active admin'),
      },
    },
    async (ctx) => {
      const actor = ctx.state.user;
      await ctx.db.transaction(async (trx) => {
        await lockAdminChanges(trx);
        const before = await findUserForUpdate(trx, ctx.state.input.params.id);
        if (!before) throw userNotFound();
        if (before.id === actor.id) throw conflict('cannot_deactivate_self', M.cannotDeactivateSelf);
        if (!before.is_active) return;
        await assertAdminsRemain(trx, actor, before, { deactivates: true, demotes: false });
        await updateManagedUser(trx, before.id, { is_active: false });
        await endAllSessions(trx, before.id);
        await recordAudit(trx, actor, {
          action: 'user.deactivate',
          entityType: 'user',
          entityId: before.id,
          summary: `Inaktiverade användaren "${before.username}"`,
        });
      });
      ctx.status = 204;
    },
  );
}
