import { AdminUser, AdminUserCreate, AdminUserList, AdminUserListQuery, AdminUserParams, AdminUserUpdate } from '../../contract/admin-users';
import { ErrorBody } from '../../contract/errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { endOtherSessions } from '../../middlewares/auth';
import { presentAdminUser } from '../../presenters/admin-user';
import { listAdminUsers, userStats } from '../../queries/admin-users';
import { findUserById } from '../../queries/users';
import { createManagedUser, deactivateManagedUser, updateManagedUserAccount, userNotFound, verifyManagedUser } from '../../services/admin-users';

const error = (description: string) => ({ description, schema: ErrorBody });
const TAGS = ['admin', 'users'];
const ADMIN_ONLY = ['admin'] as const;
const guarded = { 401: error('Not signed in'), 403: error('Not an admin') };

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
      const row = await createManagedUser(ctx.db, actor, body);
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
      const { row, passwordChanged } = await updateManagedUserAccount(ctx.db, actor, id, body);
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
      const row = await verifyManagedUser(ctx.db, actor, ctx.state.input.params.id);
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
      await deactivateManagedUser(ctx.db, actor, ctx.state.input.params.id);
      ctx.status = 204;
    },
  );
}
