import type { Knex } from 'knex';
import { hashPassword } from '../auth/passwords';
import type { z } from 'zod';
import { ADMIN_USER_MESSAGES as M, type AdminUserCreate, type AdminUserUpdate } from '../contract/admin-users';
import { AUTH_MESSAGES, ROLE_LABELS } from '../contract/auth-rules';
import { type HttpError, conflict, forbidden, notFound } from '../lib/http-errors';
import { onUniqueViolation } from '../lib/pg-errors';
import type { DbUserRow } from '../queries/users';
import {
  countOtherActiveAdmins,
  endAllSessions,
  findIdentityConflicts,
  findUserForUpdate,
  insertManagedUser,
  lockAdminChanges,
  supersedeResetTokens,
  updateManagedUser,
  type ManagedUserColumns,
} from '../queries/admin-users';
import { recordAudit } from '../queries/audit-log';
import { findUserById } from '../queries/users';

export const userNotFound = () => notFound('user', M.notFound);

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
function withIdentityRace<T>(write: () => Promise<T>): Promise<T> {
  return onUniqueViolation(write, {
    users_email_unique: () => identityTaken({ email: true, username: false })!,
    users_username_unique: () => identityTaken({ email: false, username: true })!,
  });
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
 * Creates a user with a password (local sign-in), any role (spec 001 §3 'Admin-managed user'), audited.
 * @throws 409 username_taken / email_taken (any letter case, also when another request took it meanwhile)
 */
export async function createManagedUser(db: Knex, actor: DbUserRow, body: z.output<typeof AdminUserCreate>): Promise<DbUserRow> {
  const taken = identityTaken(await findIdentityConflicts(db, { email: body.email, username: body.username }));
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
  return withIdentityRace(() =>
    db.transaction(async (trx) => {
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
}

/**
 * Edits a user (spec 001 §5 'Admin user form'): a blank password stays; a new password or a deactivation ends the
 * user's other sessions and supersedes reset links; audited with what changed. Returns the row after and whether
 * the password changed (the caller ends the acting admin's own other sessions after the commit).
 * @throws 404; 409 username/e-mail taken, self-deactivation or -demotion, the last active admin, a password for an
 *   identity-provider admin; 403 when the actor is no longer an active admin
 */
export async function updateManagedUserAccount(
  db: Knex,
  actor: DbUserRow,
  id: string,
  body: z.output<typeof AdminUserUpdate>,
): Promise<{ row: DbUserRow; passwordChanged: boolean }> {
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

  return withIdentityRace(() =>
    db.transaction(async (trx) => {
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
            ...(changes.username !== undefined && changes.username.toLowerCase() !== before.username.toLowerCase() && { username: changes.username }),
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
}

/** Marks a user verified (idempotent), audited. @throws 404 */
export async function verifyManagedUser(db: Knex, actor: DbUserRow, id: string): Promise<DbUserRow> {
  return db.transaction(async (trx) => {
    const before = await findUserForUpdate(trx, id);
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
}

/** Deactivates a user (never a hard delete) and ends their sessions, audited; idempotent. @throws 404; 409 self or the last admin */
export async function deactivateManagedUser(db: Knex, actor: DbUserRow, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    await lockAdminChanges(trx);
    const before = await findUserForUpdate(trx, id);
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
}
