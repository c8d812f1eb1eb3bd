import type { MedalDesign } from '../contract/medal-designs';
import type { DbMedalDesignRow } from '../queries/medal-designs';

/** The API view of a design: an explicit allow-list, camelCase, with the address that draws it. */
export function presentMedalDesign(row: DbMedalDesignRow): MedalDesign {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    primaryColor: row.primary_color,
    accentColor: row.accent_color,
    svgUrl: `/api/medal-designs/${row.id}.svg`,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
