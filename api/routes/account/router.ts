import { ChangePasswordBody, ChangePasswordResult } from '../../contract/auth';
import { AUTH_MESSAGES as M } from '../../contract/auth-rules';
import { ErrorBody } from '../../contract/errors';
import { hashPassword } from '../../auth/passwords';
import { assertCurrentPassword } from '../../services/sign-in';
import { forbidden } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { endOtherSessions } from '../../middlewares/auth';
import { updatePasswordHash } from '../../queries/users';

const error = (description: string) => ({ description, schema: ErrorBody });

/**
 * POST /api/user/change-password and /api/partner/change-password (spec 000 §5–§7, 001 §2 'Settings'):
 * partners use the partner endpoint, other users the user endpoint; admins sign in through the identity
 * provider and have no password here. The current password is checked (wrong guesses count against the
 * account's sign-in limit); the new one is stored as argon2id and every OTHER session of the user ends.
 */
export function accountRoutes(router: AppRouter): void {
  for (const portal of ['user', 'partner'] as const) {
    defineRoute(
      router,
      {
        method: 'post',
        path: `/api/${portal}/change-password`,
        summary: `Change the signed-in ${portal === 'partner' ? 'partner' : 'user'}'s password; ends the user's other sessions`,
        tags: ['account'],
        body: ChangePasswordBody,
        // Partners change it through the partner portal's call, everyone else through the user call; admins
        // sign in through the identity provider and have no password here (spec 000 §6–§7).
        access: portal === 'partner' ? ['partner'] : ['user', 'moderator'],
        responses: {
          200: { description: 'Changed; sessionInvalidated tells whether other sessions were ended', schema: ChangePasswordResult },
          400: error('Validation failed, or the current password is wrong'),
          401: error('Not signed in'),
          403: error(portal === 'partner' ? 'Not a partner' : 'A partner (use /api/partner/change-password) or an admin'),
          429: error('Too many wrong current passwords'),
        },
      },
      async (ctx) => {
        const user = ctx.state.user;
        if (user.auth_type === 'admin') throw forbidden(M.adminUsesIdentityProvider);

        const { currentPassword, newPassword } = ctx.state.input.body;
        await assertCurrentPassword(ctx, user, currentPassword);
        await updatePasswordHash(ctx.db, user.id, await hashPassword(newPassword));
        const ended = await endOtherSessions(ctx, user.id);
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { message: M.passwordChanged, sessionInvalidated: ended > 0 };
      },
    );
  }
}
