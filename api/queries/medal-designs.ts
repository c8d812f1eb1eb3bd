import type { Knex } from 'knex';
import type { MedalCategory } from '../contract/medal-designs';

/** A row of `medal_designs` (spec 001 §3 'Medal design': id, name, category; colours optional). */
export interface DbMedalDesignRow {
  id: string;
  name: string;
  category: MedalCategory;
  primary_color: string | null;
  accent_color: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Every design, by category (in the site's order) and name. */
export async function listMedalDesigns(db: Knex | Knex.Transaction): Promise<DbMedalDesignRow[]> {
  return db<DbMedalDesignRow>('medal_designs')
    .orderByRaw("array_position(array['FYND','NYLANSERAD','FOLKETS_VAL','GRANSKAD'], category)")
    .orderBy('name')
    .orderBy('id');
}

/** One design, or undefined. */
export async function findMedalDesign(db: Knex | Knex.Transaction, id: string): Promise<DbMedalDesignRow | undefined> {
  return db<DbMedalDesignRow>('medal_designs').where({ id }).first();
}

/** Inserts a design. @returns the row, or undefined when the id is taken */
export async function insertMedalDesign(
  db: Knex | Knex.Transaction,
  design: { id: string; name: string; category: MedalCategory; primaryColor?: string | null; accentColor?: string | null },
): Promise<DbMedalDesignRow | undefined> {
  const [row] = await db<DbMedalDesignRow>('medal_designs')
    .insert({
      id: design.id,
      name: design.name,
      category: design.category,
      primary_color: design.primaryColor ?? null,
      accent_color: design.accentColor ?? null,
    })
    .onConflict('id')
    .ignore()
    .returning('*');
  return row as DbMedalDesignRow | undefined;
}

/** Changes the given fields of a design. @returns the row after the change, or undefined when there is none */
export async function updateMedalDesign(
  db: Knex | Knex.Transaction,
  id: string,
  changes: { name?: string; category?: MedalCategory; primaryColor?: string | null; accentColor?: string | null },
): Promise<DbMedalDesignRow | undefined> {
  const columns: Partial<DbMedalDesignRow> = {};
  if (changes.name !== undefined) columns.name = changes.name;
  if (changes.category !== undefined) columns.category = changes.category;
  if (changes.primaryColor !== undefined) columns.primary_color = changes.primaryColor;
  if (changes.accentColor !== undefined) columns.accent_color = changes.accentColor;
  const [row] = await db<DbMedalDesignRow>('medal_designs')
    .where({ id })
    .update({ ...columns, updated_at: db.fn.now() as unknown as Date })
    .returning('*');
  return row as DbMedalDesignRow | undefined;
}

/** Deletes a design. @returns the deleted row, or undefined when there was none */
export async function deleteMedalDesign(db: Knex | Knex.Transaction, id: string): Promise<DbMedalDesignRow | undefined> {
  const [row] = await db<DbMedalDesignRow>('medal_designs').where({ id }).delete().returning('*');
  return row as DbMedalDesignRow | undefined;
}
