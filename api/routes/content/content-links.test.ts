import { Window } from 'happy-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SETTING_MESSAGES } from '../../contract/admin-content';
import { ADMIN_WINE_MESSAGES } from '../../contract/admin-wines';
import { CONTENT_MESSAGES as M, type ContentBlock } from '../../contract/content';
import { TEXT_MESSAGES } from '../../contract/text-rules';
import { type signedInAgent, useTestDatabase, signedInApp } from '../../test/test-db';
import { expectError } from '../../test/expect-error';

// Links in content stay on the site unless they are plainly http(s) or mailto (api/contract/link-rules.ts): the block
// builder's buttons and images, an article's image, the HTML editor's links and images (sanitize-html), the settings'
// social links and logos, a wine's addresses. Every variant goes through the real API.
const getDb = useTestDatabase();
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
let pageId: string;

beforeAll(async () => {
  ({ agent: admin } = await signedInApp(getDb().db, 'admin'));
});

beforeEach(async () => {
  await getDb().db.raw('truncate page_contents, articles, site_settings, wines cascade');
  const [row] = await getDb().db('page_contents').insert({ page_id: 'om-oss', title: 'Om Oss', content: '<p>Gammal text</p>' }).returning('id');
  pageId = (row as { id: string }).id;
});

/** Addresses that look like site paths but leave the site in a browser ('\' reads as '/'; tabs and newlines are skipped). */
const OFF_SITE = ['/\\evil.example', '//evil.example', '/\\/evil.example', '\\\\evil.example', '\\/evil.example', '///evil.example'];
/** The same behind whitespace and control characters the browser skips (the text check refuses the controls first). */
const OFF_SITE_HIDDEN = [
  ' //evil.example',
  '  /\\evil.example',
  '/\t/evil.example',
  '\t//evil.example',
  '\n//evil.example',
  '/\r\n/evil.example',
  '\u0000//evil.example',
  '/\u0000/evil.example',
  '\u001b//evil.example',
];

const button = (link: string): ContentBlock => ({ id: 'b1', order: 0, type: 'cta_button', content: { text: 'Läs mer', link, style: 'primary' } });
const image = (src: string): ContentBlock => ({ id: 'i1', order: 0, type: 'image', content: { src, alt: 'Bild' } });
const storedContent = async () => (await getDb().db('page_contents').where({ id: pageId }).first()).content as string;

/** Every href and src in `html` as a browser reads them, resolved against a page of the site. */
function addresses(html: string): URL[] {
  const window = new Window({ url: 'https://vinpressen.test/om-oss' });
  window.document.body.innerHTML = html;
  const els = [...window.document.querySelectorAll('[href], [src]')];
  return els.map((el) => new URL(el.getAttribute('href') ?? el.getAttribute('src') ?? '', 'https://vinpressen.test/om-oss'));
}

describe('button links of the block builder', () => {
  it.each(OFF_SITE)('refuses %j with 400 and the link message, and keeps the page', async (link) => {
    const res = await admin.put(`/api/admin/page-contents/${pageId}`).send({ title: 'Om oss', blocks: [button(link)] });
    expect(res.status).toBe(400);
    expect(expectError(res.body).details).toEqual([{ path: 'body.blocks.0.content.link', message: M.linkInvalid }]);
    expect(await storedContent()).toBe('<p>Gammal text</p>');
  });

  it.each(OFF_SITE_HIDDEN)('refuses %j with 400 and a Swedish message, and keeps the page', async (link) => {
    const res = await admin.put(`/api/admin/page-contents/${pageId}`).send({ title: 'Om oss', blocks: [button(link)] });
    expect(res.status).toBe(400);
    expect([M.linkInvalid, TEXT_MESSAGES.forbiddenCharacters]).toContain(expectError(res.body).details![0]!.message);
    expect(await storedContent()).toBe('<p>Gammal text</p>');
  });

  it.each([
    '/fynd',
    '/',
    '/wine/7d9f0a52-3c1e-5b7a-9e4f-0a1b2c3d4e5f?flik=recensioner#topp',
    'https://www.systembolaget.se/',
    'mailto:redaktionen@vinpressen.se',
    '#',
    '',
  ])('takes %j and writes it as the button’s only address', async (link) => {
    const res = await admin.put(`/api/admin/page-contents/${pageId}`).send({ title: 'Om oss', blocks: [button(link)] });
    expect(res.status).toBe(200);
    const [url] = addresses(res.body.content);
    expect(url!.href).toBe(new URL(link || '#', 'https://vinpressen.test/om-oss').href);
  });

  it.each([...OFF_SITE, '//evil.example/bild.png', '/\\evil.example/bild.png'])('refuses the image address %j', async (src) => {
    const res = await admin.put(`/api/admin/page-contents/${pageId}`).send({ title: 'Om oss', blocks: [image(src)] });
    expect(res.status).toBe(400);
    expect(expectError(res.body).details).toEqual([{ path: 'body.blocks.0.content.src', message: M.imageInvalid }]);
  });

  it('refuses the same addresses as an article’s image', async () => {
    for (const featuredImageUrl of ['/\\evil.example/bild.png', '//evil.example/bild.png']) {
      const res = await admin.post('/api/admin/articles').send({ title: 'Vårens viner', featuredImageUrl });
      expect(res.status).toBe(400);
      expect(expectError(res.body).details).toEqual([{ path: 'body.featuredImageUrl', message: M.imageInvalid }]);
    }
  });
});

describe('links and images written in the HTML editor', () => {
  it.each([
    '/\\evil.example',
    '/&#92;evil.example',
    '/&bsol;evil.example',
    '//evil.example',
    ' //evil.example',
    '&#32;//evil.example',
    '/&#9;/evil.example',
    '/&Tab;/evil.example',
    '/&#10;/evil.example',
    '&#0;//evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
  ])('drops the href %j (the link text stays)', async (href) => {
    const res = await admin.put(`/api/admin/page-contents/${pageId}`).send({ title: 'Om oss', content: `<p><a href="${href}">Klicka</a></p>` });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe('<p><a>Klicka</a></p>');
    expect(await storedContent()).toBe('<p><a>Klicka</a></p>');
  });

  it.each(['/\\evil.example/x.png', '//evil.example/x.png', '/&#92;evil.example/x.png'])('drops the image src %j', async (src) => {
    const res = await admin.put(`/api/admin/page-contents/${pageId}`).send({ title: 'Om oss', content: `<p><img src="${src}" alt="Bild"></p>` });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe('<p><img alt="Bild" /></p>');
  });

  it('keeps site paths, fragments, http(s) and mailto, and every address it keeps stays on the site or says where it goes', async () => {
    const html =
      '<p><a href="/fynd">Fynd</a> <a href="#recept">Recept</a> <a href="https://www.systembolaget.se" target="_blank">SB</a> ' +
      '<a href="mailto:redaktionen@vinpressen.se">Mejla</a> <img src="/api/images/5b1c0000-0000-4000-8000-000000000000" alt="A"></p>';
    const res = await admin.put(`/api/admin/page-contents/${pageId}`).send({ title: 'Om oss', content: html });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe(html.replace('target="_blank"', 'target="_blank" rel="noopener noreferrer"').replace('alt="A">', 'alt="A" />'));
    expect(addresses(res.body.content).map((u) => u.host)).toEqual([
      'vinpressen.test',
      'vinpressen.test',
      'www.systembolaget.se',
      '',
      'vinpressen.test',
    ]);
  });
});

describe('addresses in the settings and the wine form', () => {
  it.each(['/\\evil.example', '//evil.example', 'https://evil.example\\@vinpressen.se', 'javascript:alert(1)'])(
    'refuses the social link %j',
    async (value) => {
      const res = await admin.put('/api/admin/settings/social.instagram').send({ value });
      expect(res.status).toBe(400);
      expect(expectError(res.body).message).toBe(SETTING_MESSAGES.linkNotUrl);
      expect(Number((await getDb().db('site_settings').count({ n: '*' }).first())!.n)).toBe(0);
    },
  );

  it.each(['/\\evil.example/logo.png', '//evil.example/logo.png', 'https://cdn.example.se\\logo.png'])('refuses the logo %j', async (value) => {
    const res = await admin.put('/api/admin/settings/logo.header').send({ value });
    expect(res.status).toBe(400);
    expect(expectError(res.body).message).toBe(SETTING_MESSAGES.logoNotUrl);
  });

  it('refuses a wine’s Systembolaget link or image address with a backslash or leaving as a site path', async () => {
    const wine = { name: 'Testvin', description: 'Gott.', price: 149 };
    for (const [field, value, message] of [
      ['systembolagetUrl', 'https:\\\\evil.example', ADMIN_WINE_MESSAGES.urlInvalid],
      ['systembolagetUrl', '//evil.example', ADMIN_WINE_MESSAGES.urlInvalid],
      ['imageUrl', 'https://cdn.example.se\\bild.png', ADMIN_WINE_MESSAGES.imageUrlInvalid],
      ['imageUrl', '/\\evil.example/bild.png', ADMIN_WINE_MESSAGES.imageUrlInvalid],
    ] as const) {
      const res = await admin.post('/api/admin/wines').send({ ...wine, [field]: value });
      expect(res.status, `${field} ${value}`).toBe(400);
      expect(expectError(res.body).details).toEqual([{ path: `body.${field}`, message }]);
    }
    expect(Number((await getDb().db('wines').count({ n: '*' }).first())!.n)).toBe(0);
  });
});
