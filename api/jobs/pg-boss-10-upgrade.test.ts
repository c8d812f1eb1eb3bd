import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../test/pg';
import { silentLogger } from '../test/test-db';
import { JobQueue, QUEUES } from './queue';

// A database that ran pg-boss 10 (its real schema, fixtures/pg-boss-10.4.2-schema.sql, and its own create_queue)
// upgrades to pg-boss 12 at the next start: the jobs that still wait keep their ids, data and start times and run.
const name = uniqueDatabaseName('vinpressen_pgboss10');
let url = '';
const queues: JobQueue[] = [];

async function sql(text: string, values?: unknown[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text, values);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  url = await createDatabase(inject('pgAdminUrl'), name);
  await sql(fs.readFileSync(path.join(__dirname, 'fixtures/pg-boss-10.4.2-schema.sql'), 'utf8'));
  // The queues as Vinpressen created them under pg-boss 10 (its options had retentionDays, stored as minutes).
  for (const [queue, options] of [
    ['mail.dead', { retentionMinutes: 43200 }],
    ['mail.send', { retryLimit: 13, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deadLetter: 'mail.dead' }],
    ['review.analyse.dead', { retentionMinutes: 43200 }],
    ['review.analyse', { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, deadLetter: 'review.analyse.dead' }],
  ] as const) {
    await sql('select pgboss.create_queue($1, $2::json)', [queue, JSON.stringify({ policy: 'standard', ...options })]);
  }
});

afterAll(async () => {
  for (const q of queues) await q.stop();
  await dropDatabase(inject('pgAdminUrl'), name);
});

const ID = {
  waiting: '00000000-0000-4000-8000-000000000001',
  later: '00000000-0000-4000-8000-000000000002',
  active: '00000000-0000-4000-8000-000000000003',
  retry: '00000000-0000-4000-8000-000000000004',
  dead: '00000000-0000-4000-8000-000000000005',
  completed: '00000000-0000-4000-8000-000000000006',
  failed: '00000000-0000-4000-8000-000000000007',
};

describe('upgrading from pg-boss 10', () => {
  it('moves the waiting jobs into the pg-boss 12 queues once, drops the old schema, and runs them', async () => {
    const later = new Date(Date.now() + 3600_000);
    const insert = `insert into pgboss.job (id, name, data, state, start_after) values ($1, $2, $3, $4, coalesce($5, now()))`;
    await sql(insert, [ID.waiting, 'mail.send', { kind: 'password-reset', tokenId: 'waiting' }, 'created', null]);
    await sql(insert, [ID.later, 'mail.send', { kind: 'password-reset', tokenId: 'later' }, 'created', later]);
    await sql(insert, [ID.active, 'mail.send', { kind: 'password-reset', tokenId: 'active' }, 'active', null]);
    await sql(insert, [ID.retry, 'review.analyse', { reviewId: 'retry' }, 'retry', null]);
    await sql(insert, [ID.dead, 'mail.dead', { kind: 'password-reset', tokenId: 'dead' }, 'created', null]);
    await sql(insert, [ID.completed, 'mail.send', { kind: 'password-reset', tokenId: 'completed' }, 'completed', null]);
    await sql(insert, [ID.failed, 'mail.send', { kind: 'password-reset', tokenId: 'failed' }, 'failed', null]);

    // Two processes starting at once: one moves the jobs, the other finds nothing left to move.
    const a = new JobQueue(url, silentLogger, { supervise: false, pollingIntervalSeconds: 0.5 });
    const b = new JobQueue(url, silentLogger, { supervise: false, pollingIntervalSeconds: 0.5 });
    queues.push(a, b);
    await Promise.all([a.start(), b.start()]);

    const schemas = await sql(`select nspname from pg_namespace where nspname like 'pgboss%' order by 1`);
    expect(schemas.rows.map((r) => r.nspname)).toEqual(['pgboss']);
    expect((await sql('select max(version::int) as v from pgboss.version')).rows[0].v).toBeGreaterThanOrEqual(25);
    expect(await a.boss.getQueue(QUEUES.mail.name)).toMatchObject({ retryLimit: 13, retryDelay: 30, retryBackoff: true, deadLetter: 'mail.dead' });

    const mail = await a.boss.findJobs(QUEUES.mail.name);
    expect(mail.map((j) => j.id).sort()).toEqual([ID.waiting, ID.later, ID.active].sort());
    const laterJob = mail.find((j) => j.id === ID.later)!;
    expect(laterJob.data).toEqual({ kind: 'password-reset', tokenId: 'later' });
    expect(Math.abs(new Date(laterJob.startAfter).getTime() - later.getTime())).toBeLessThan(1000);
    expect((await a.boss.findJobs(QUEUES.mailDead.name)).map((j) => j.id)).toEqual([ID.dead]);
    expect((await a.boss.findJobs(QUEUES.reviewAnalysis.name)).map((j) => j.id)).toEqual([ID.retry]);

    // The moved jobs run: the two that are due reach a worker with their data.
    const seen: string[] = [];
    await a.work<{ tokenId: string }>(QUEUES.mail.name, async (data) => {
      seen.push(data.tokenId);
    });
    await expect.poll(() => [...seen].sort(), { timeout: 10_000 }).toEqual(['active', 'waiting']);

    // A later start changes nothing.
    const c = new JobQueue(url, silentLogger, { supervise: false });
    queues.push(c);
    await c.start();
    expect((await c.boss.findJobs(QUEUES.mail.name)).length).toBe(3);
  }, 30_000);
});
