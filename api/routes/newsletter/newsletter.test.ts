import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAgent, createTestApp, useTestDatabase } from '../../test/test-db';
import { expectError as expectErrorShape } from '../../test/expect-error';

const getDb = useTestDatabase();
let api: ReturnType<typeof browserAgent>;

beforeAll(() => {
  api = browserAgent(createTestApp(getDb().db));
});

beforeEach(async () => {
  await getDb().db('newsletter_subscribers').delete();
});

const valid = { email: 'anna.berg@example.se', phone: '070-123 45 67', gdprConsent: true };

async function subscribers() {
  return getDb().db('newsletter_subscribers').select('*').orderBy('created_at');
}

describe('POST /api/newsletter', () => {
  it('subscribes: 200 and one row with consent time and the phone in E.164', async () => {
    const before = Date.now();

    const res = await api.post('/api/newsletter').send(valid);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscribed: true, message: expect.any(String) });
    const rows = await subscribers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'anna.berg@example.se', phone: '+46701234567', gdpr_consent: true, is_active: true });
    expect(rows[0].consented_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps a number given with a country code', async () => {
    const res = await api.post('/api/newsletter').send({ ...valid, phone: '+46 70 123 45 67' });

    expect(res.status).toBe(200);
    expect((await subscribers())[0].phone).toBe('+46701234567');
  });

  it('keeps one row when the same address signs up twice, in any letter case', async () => {
    const first = await api.post('/api/newsletter').send(valid);
    const again = await api.post('/api/newsletter').send(valid);
    const shouted = await api.post('/api/newsletter').send({ ...valid, email: 'ANNA.Berg@Example.SE', phone: '0731234567' });

    expect([first.status, again.status, shouted.status]).toEqual([200, 200, 200]);
    // The same answer either way, so the form can't reveal who subscribes.
    expect(again.body).toEqual(first.body);
    const rows = await subscribers();
    expect(rows).toHaveLength(1);
    expect(rows[0].phone).toBe('+46731234567');
  });

  it.each([
    ['a missing e-mail', { phone: valid.phone, gdprConsent: true }, 'E-postadress krävs'],
    ['an empty e-mail', { ...valid, email: '  ' }, 'E-postadress krävs'],
    ['an invalid e-mail', { ...valid, email: 'anna.example.se' }, 'Ange en giltig e-postadress'],
    ['a missing phone', { email: valid.email, gdprConsent: true }, 'Telefonnummer krävs'],
    ['an invalid phone', { ...valid, phone: '12' }, 'Ange ett giltigt telefonnummer'],
    ['letters as phone', { ...valid, phone: 'ring mig' }, 'Ange ett giltigt telefonnummer'],
    ['gdprConsent false', { ...valid, gdprConsent: false }, 'Du måste godkänna att vi sparar dina kontaktuppgifter (GDPR)'],
    ['no gdprConsent', { email: valid.email, phone: valid.phone }, 'Du måste godkänna att vi sparar dina kontaktuppgifter (GDPR)'],
    ['gdprConsent "true" as text', { ...valid, gdprConsent: 'true' }, 'Du måste godkänna att vi sparar dina kontaktuppgifter (GDPR)'],
  ])('refuses %s with 400, a Swedish message and no row', async (_what, body, message) => {
    const res = await api.post('/api/newsletter').send(body);

    expect(res.status).toBe(400);
    const error = expectErrorShape(res.body);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(message);
    expect(error.details?.length).toBeGreaterThan(0);
    expect(await subscribers()).toHaveLength(0);
  });

  it('lists every invalid field when several are wrong', async () => {
    const res = await api.post('/api/newsletter').send({ email: 'x', phone: '1', gdprConsent: false });

    expect(res.status).toBe(400);
    const paths = expectErrorShape(res.body).details?.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.phone', 'body.gdprConsent']));
  });

  it('answers malformed JSON with 400 and the error shape, not 500', async () => {
    const res = await api.post('/api/newsletter').set('Content-Type', 'application/json').send('{"email": "anna@example.se",');

    expect(res.status).toBe(400);
    expect(expectErrorShape(res.body).message).toEqual(expect.any(String));
    expect(await subscribers()).toHaveLength(0);
  });

  it('answers a body over 1 MB with 413', async () => {
    const huge = JSON.stringify({ ...valid, padding: 'x'.repeat(1024 * 1024 + 10) });

    const res = await api.post('/api/newsletter').set('Content-Type', 'application/json').send(huge);

    expect(res.status).toBe(413);
    expect(expectErrorShape(res.body).code).toBe('payload_too_large');
    expect(await subscribers()).toHaveLength(0);
  });

  it.each([
    ['text/plain', 'email=anna@example.se'],
    ['application/x-www-form-urlencoded', 'email=anna%40example.se&phone=0701234567&gdprConsent=true'],
  ])('answers a %s body with a 4xx error, never 500', async (type, body) => {
    const res = await api.post('/api/newsletter').set('Content-Type', type).send(body);

    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectErrorShape(res.body);
    expect(await subscribers()).toHaveLength(0);
  });

  it('refuses other methods without a server error', async () => {
    const res = await api.get('/api/newsletter');

    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
