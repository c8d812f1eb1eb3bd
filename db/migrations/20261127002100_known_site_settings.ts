import type { Knex } from 'knex';

// Every site setting must change what the site shows or does (api/contract/site-settings.ts SITE_SETTINGS). The
// settings tab let an admin add any key, and nothing read most of them; the API now refuses keys the site does not
// use, and this removes the stored ones, and gives the kept ones their current Swedish descriptions (where each shows,
// what it takes). The keys and texts are written out here, as of this migration, so that later changes to the
// contract cannot change what it did. down() cannot bring removed rows back.
const KNOWN: Record<string, string> = {
  'site.name': 'Webbplatsens namn: namnplåten i sidhuvudet, sidfotens namn och ©-raden. Får inte vara tomt.',
  'site.tagline': 'Undertiteln överst till höger i sidhuvudet. Tomt döljer den.',
  'logo.header': 'Logotypen bredvid namnet i sidhuvudet (från 768 px breda skärmar): en bildadress (https://…) eller en uppladdad bild. Tomt: ingen.',
  'logo.footer': 'Logotypen bredvid namnet i sidfoten: en bildadress (https://…) eller en uppladdad bild. Tomt: ingen.',
  'logo.favicon': 'Ikonen i webbläsarens flik (favicon), helst en kvadratisk SVG eller PNG. Tomt: webbplatsens egen.',
  'contact.email': 'E-postadressen under Kontakt i sidfoten och i partnerportalens Hjälp. Tomt döljer den.',
  'contact.phone': 'Telefonnumret under Kontakt i sidfoten och i partnerportalens Hjälp. Tomt döljer det.',
  'social.instagram': 'Länken till Vinpressen på Instagram i sidfoten (https://…). Tomt döljer länken.',
  'social.facebook': 'Länken till Vinpressen på Facebook i sidfoten (https://…). Tomt döljer länken.',
  'newsletter.heading': 'Rubriken på startsidans nyhetsbrevsruta. Får inte vara tom.',
  'newsletter.text': 'Texten under rubriken på nyhetsbrevsrutan. Tomt döljer den.',
  'age.limit': 'Åldersgränsen i år i sidfotens märke (t.ex. 25+): ett heltal från 18 till 99.',
  'footer.text': 'Sidfotens mening om vem webbplatsen vänder sig till. Får inte vara tom.',
  'footer.responsibility': 'Sidfotens budskap om ansvarsfull alkoholkonsumtion. Får inte vara tomt.',
  'folkets_val.min_reviews': 'Folkets val: minsta antal godkända recensioner innan ett vin kommer med (heltal 1–999).',
  'folkets_val.min_rating': 'Folkets val: lägsta snittbetyg (1–5, t.ex. 4 eller 4,5) för de godkända recensionerna.',
};

export async function up(knex: Knex): Promise<void> {
  await knex('site_settings').whereNotIn('key', Object.keys(KNOWN)).delete();
  for (const [key, description] of Object.entries(KNOWN)) {
    await knex('site_settings').where({ key }).whereNot({ description }).update({ description });
  }
}

export async function down(): Promise<void> {
  // The removed settings were used by nothing; there is nothing to restore.
}
