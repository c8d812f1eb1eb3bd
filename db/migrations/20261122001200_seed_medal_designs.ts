import type { Knex } from 'knex';

// The site's own medals as medal designs (data; the tables come from the create_content_and_medal_designs
// migration of the same timestamp, which sorts first): the three category medals the public site has shown
// since the start and the review mark 'Granskad av Vinpressen'. Admins edit or add designs from there.
// Ids are stable: wines and the /medals page refer to them.
const DESIGNS = [
  { id: 'fynd', name: 'Fynd', category: 'FYND' },
  { id: 'aktuella-vintips', name: 'Aktuella Vintips', category: 'NYLANSERAD' },
  { id: 'folkets-val', name: 'Folkets Val', category: 'FOLKETS_VAL' },
  { id: 'granskad-av-vinpressen', name: 'Granskad av Vinpressen', category: 'GRANSKAD' },
];

export async function up(knex: Knex): Promise<void> {
  for (const d of DESIGNS) {
    await knex.raw('insert into medal_designs (id, name, category) values (?, ?, ?) on conflict (id) do nothing', [d.id, d.name, d.category]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('delete from medal_designs where id = any(?)', [DESIGNS.map((d) => d.id)]);
}
