import type { Knex } from 'knex';
import { MEDAL_CATEGORY_LABELS, MEDAL_MESSAGES as M, type MedalDesignCreate, type MedalDesignUpdate } from '../contract/medal-designs';
import { conflict, notFound } from '../lib/http-errors';
import { isForeignKeyViolation } from '../lib/pg-errors';
import type { DbUserRow } from '../queries/users';
import { recordAudit } from '../queries/audit-log';
import { deleteMedalDesign, insertMedalDesign, updateMedalDesign, type DbMedalDesignRow } from '../queries/medal-designs';

type Actor = Pick<DbUserRow, 'id' | 'email'>;

/** Creates medal design `id` (spec 001 §3 'Medal design'), audited. @throws 409 medal_design_exists when the id is taken */
export async function createMedalDesign(db: Knex, actor: Actor, id: string, body: MedalDesignCreate): Promise<DbMedalDesignRow> {
  return db.transaction(async (trx) => {
    const inserted = await insertMedalDesign(trx, { ...body, id });
    if (!inserted) throw conflict('medal_design_exists', M.idTaken, [{ path: 'body.id', message: M.idTaken }]);
    await recordAudit(trx, actor, {
      action: 'medal_design.create',
      entityType: 'medal_design',
      entityId: id,
      summary: `Lade till medaljen "${inserted.name}" (${MEDAL_CATEGORY_LABELS[inserted.category]})`,
    });
    return inserted;
  });
}

/** Changes a design's name, category or colours (omitted fields stay), audited. @throws 404 */
export async function changeMedalDesign(db: Knex, actor: Actor, id: string, changes: MedalDesignUpdate): Promise<DbMedalDesignRow> {
  return db.transaction(async (trx) => {
    const updated = await updateMedalDesign(trx, id, changes);
    if (!updated) throw notFound('medal_design', M.notFound);
    await recordAudit(trx, actor, {
      action: 'medal_design.update',
      entityType: 'medal_design',
      entityId: id,
      summary: `Ändrade medaljen "${updated.name}" (${MEDAL_CATEGORY_LABELS[updated.category]})`,
    });
    return updated;
  });
}

/** Deletes a design, audited. @throws 404; 409 medal_design_in_use while something (an approved wine's medal) uses it */
export async function removeMedalDesign(db: Knex, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    const deleted = await deleteMedalDesign(trx, id).catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw conflict('medal_design_in_use', 'Medaljen används och kan inte tas bort.');
      throw err;
    });
    if (!deleted) throw notFound('medal_design', M.notFound);
    await recordAudit(trx, actor, {
      action: 'medal_design.delete',
      entityType: 'medal_design',
      entityId: id,
      summary: `Tog bort medaljen "${deleted.name}"`,
    });
  });
}
