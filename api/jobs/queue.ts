import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/**
 * Background work on the same Postgres (pg-boss): mail delivery and review analysis. Jobs are
 * durable (a crash or an SMTP outage delays them; nothing is lost), retried with exponential backoff, and
 * end in a dead-letter queue when their retries are used up. Handlers must be idempotent: a job can run
 * again after a crash.
 */

/** The queues and their retry policies. pg-boss backoff: delay · 2^n (with jitter), n ≤ 16. */
export const QUEUES = {
  // The dead-letter queue first: a queue can only name one that exists.
  mailDead: { name: 'mail.dead', retentionDays: 30 },
  /** Mail delivery: 30 s doubling, 13 retries (about 3–5 days in all): an SMTP outage delays mail, never loses it. */
  mail: { name: 'mail.send', retryLimit: 13, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deadLetter: 'mail.dead' },
  reviewAnalysisDead: { name: 'review.analyse.dead', retentionDays: 30 },
  /**
   * Review analysis (issue 5): runs within seconds of a submission. The local analyser cannot fail for lack of
   * network, so retries only cover a crash or a database hiccup: 5 s doubling, 8 retries (about 20 minutes).
   */
  reviewAnalysis: { name: 'review.analyse', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, deadLetter: 'review.analyse.dead' },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

/** What request handlers need of the job queue: enqueue, optionally inside the caller's transaction. */
export interface JobSender {
  /**
   * Enqueues `data` on `queue`. With `trx`, the job is written in that transaction, so it exists exactly
   * when the caller's rows commit.
   */
  send(queue: QueueName, data: object, opts?: { trx?: Knex.Transaction }): Promise<string | null>;
  /** True when the queue's tables answer (for /api/ready). */
  isReady(): Promise<boolean>;
}

/**
 * pg-boss speaks node-postgres ($1, $2 …); Knex's raw() takes '?' bindings. This adapter rewrites the
 * placeholders (repeats included) so pg-boss can write inside a Knex transaction. Literal '?' characters in
 * pg-boss's SQL are escaped for Knex first.
 */
export function knexDbAdapter(db: Knex | Knex.Transaction): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const bindings: unknown[] = [];
      const sql = text.replace(/\?/g, '\\?').replace(/\$(\d+)/g, (_, n: string) => {
        const value = values[Number(n) - 1];
        bindings.push(value === undefined ? null : value);
        return '?';
      });
      const result = (await db.raw(sql, bindings as Knex.RawBinding[])) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** The process's pg-boss instance: started once, workers registered by `work`, stopped on shutdown. */
export class JobQueue implements JobSender {
  readonly boss: PgBoss;
  private started: Promise<void> | undefined;

  constructor(
    connectionString: string,
    private readonly log: Logger,
    opts: { pollingIntervalSeconds?: number; supervise?: boolean; schedule?: boolean } = {},
  ) {
    this.boss = new PgBoss({
      connectionString,
      max: 3,
      application_name: 'vinpressen-jobs',
      supervise: opts.supervise ?? true,
      schedule: opts.schedule ?? false,
      migrate: true,
      ...(opts.pollingIntervalSeconds ? { pollingIntervalSeconds: opts.pollingIntervalSeconds } : {}),
    });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  /** Installs or migrates pg-boss's schema if needed, creates the queues, and starts maintenance. Idempotent. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      for (const q of Object.values(QUEUES)) {
        const { name, ...options } = q;
        if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, { name, ...options });
      }
    })();
    return this.started;
  }

  async send(queue: QueueName, data: object, opts: { trx?: Knex.Transaction } = {}): Promise<string | null> {
    await this.start();
    return this.boss.send(queue, data, opts.trx ? { db: knexDbAdapter(opts.trx) } : {});
  }

  /** Runs `handler` for each job of `queue` in this process. A throw fails the job, to be retried. */
  async work<T extends object>(queue: QueueName, handler: (data: T, job: PgBoss.Job<T>) => Promise<void>, opts: { pollingIntervalSeconds?: number } = {}) {
    await this.start();
    return this.boss.work<T>(queue, { batchSize: 1, ...opts }, async (jobs) => {
      for (const job of jobs) await handler(job.data, job);
    });
  }

  /** True when the queue's schema answers (for /api/ready). */
  async isReady(): Promise<boolean> {
    try {
      await this.start();
      return Boolean(await this.boss.isInstalled());
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: 5000, wait: true });
  }
}
