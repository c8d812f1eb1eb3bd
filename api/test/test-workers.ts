import { startWorkers, type Workers } from '../jobs/workers';
import { createTestApp, silentLogger, TEST_KEYS, TEST_ORIGIN, type TestDatabase } from './test-db';

/**
 * This process's real workers (api/jobs/workers.ts: the pg-boss queue, the mail and review-analysis workers, polling
 * every 0.5 s) on the test database, and the real app whose jobs go to that queue. Mail is delivered to `smtpUrl`
 * (e.g. startSmtpCapture's); without one it is not sent. The caller stops the workers (`workers.stop()`).
 */
export async function startTestWorkers(
  { db, url }: TestDatabase,
  smtpUrl?: string,
): Promise<{ workers: Workers; app: ReturnType<typeof createTestApp> }> {
  const workers = await startWorkers({
    db,
    databaseUrl: url,
    log: silentLogger,
    keys: TEST_KEYS,
    publicUrl: TEST_ORIGIN,
    ...(smtpUrl ? { smtpUrl } : {}),
    mailFrom: 'Vinpressen <no-reply@vinpressen.test>',
    dataDir: '/nonexistent',
    pollingIntervalSeconds: 0.5,
  });
  return { workers, app: createTestApp(db, { jobs: workers.jobs }) };
}
