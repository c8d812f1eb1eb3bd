import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_CONTENT_MESSAGES, PageContentList } from '../../contract/admin-content';
import { browserAgent, type createTestApp, signedInAgent, useTestDatabase, signedInApp } from '../../test/test-db';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  ({ app, agent: admin } = await signedInApp(getDb().db, 'admin'));
});

beforeEach(async () => {
  await getDb().db.raw('truncate page_contents');
});

async function page(pageId: string, title: string, isActive = true) {
  await getDb()
    .db('page_contents')
    .insert({ page_id: pageId, title, content: `<p>${title}</p>`, is_active: isActive });
}

describe('GET /api/admin/page-contents', () => {
  it('requires authentication', async () => {
    const res = await browserAgent(app).get('/api/admin/page-contents');
    expect(res.status).toBe(401);
  });

  it.each(['user', 'partner', 'moderator'] as const)('refuses the role %s', async (role) => {
    const { agent } = await signedInAgent(app, getDb().db, role);
    expect((await agent.get('/api/admin/page-contents')).status).toBe(403);
  });

  it('lists every page by pageId with id, title, content, blocks, isActive and the times, and nothing else', async () => {
    await page('om-oss', 'Om Oss');
    await page('fynd', 'Fynd', false);
    const res = await admin.get('/api/admin/page-contents');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(PageContentList.safeParse(res.body).success).toBe(true);
    expect(
      res.body.items.map((p: { pageId: string; title: string; isActive: boolean; content: string }) => [p.pageId, p.title, p.isActive, p.content]),
    ).toEqual([
      ['fynd', 'Fynd', false, '<p>Fynd</p>'],
      ['om-oss', 'Om Oss', true, '<p>Om Oss</p>'],
    ]);
    expect(Object.keys(res.body.items[0]).sort()).toEqual(['blocks', 'content', 'createdAt', 'id', 'isActive', 'pageId', 'title', 'updatedAt']);
  });

  it('answers only the page given by ?pageId=, and an empty list for a page that does not exist', async () => {
    await page('om-oss', 'Om Oss');
    await page('fynd', 'Fynd');
    const one = await admin.get('/api/admin/page-contents?pageId=om-oss');
    expect(one.status).toBe(200);
    expect(one.body.items.map((p: { pageId: string }) => p.pageId)).toEqual(['om-oss']);
    const none = await admin.get('/api/admin/page-contents?pageId=recept');
    expect(none.body).toEqual({ items: [] });
  });

  it('answers an empty list when there are no pages', async () => {
    expect((await admin.get('/api/admin/page-contents')).body).toEqual({ items: [] });
  });

  it.each(['Om-Oss', 'om oss', 'å', 'x'.repeat(61)])('answers 400 with a Swedish message for the pageId %j', async (pageId) => {
    const res = await admin.get(`/api/admin/page-contents?pageId=${encodeURIComponent(pageId)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'query.pageId', message: PAGE_CONTENT_MESSAGES.pageIdInvalid }]);
  });

  it('answers 400 for an unknown query parameter', async () => {
    const res = await admin.get('/api/admin/page-contents?sida=om-oss');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Okänt fält: sida');
  });
});
