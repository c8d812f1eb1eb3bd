import type { Knex } from 'knex';
import { fromKnex, PgBoss, type Job, type Queue } from 'pg-boss';
import type { Logger } from 'pino';
import { moveJobsFromPgBoss10, setAsidePgBoss10Schema } from './pg-boss-10-upgrade';

/**
 * Background work on the same Postgres (pg-boss 12): mail delivery and review analysis. Jobs are
 * durable (a crash or an SMTP outage delays them; nothing is lost), retried with exponential backoff, and
 * end in a dead-letter queue when their retries are used up. Handlers must be idempotent: a job can run
 * again after a crash.
 *
 * pg-boss 12 awaits a job's completion and failure (node_modules/pg-boss/dist/manager.js, #processJobs), and every
 * background failure of its own (polling, maintenance, its pool's idle clients, the instance heartbeat) ends in its
 * `error` event; with no listener for that event, EventEmitter would throw it out of a timer and crash the process.
 * JobQueue listens from its constructor on, before anything can fail.
 */

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The queues and their policies. pg-boss backoff (node_modules/pg-boss/dist/plans.js, the retry's start_after):
 * retryDelay · 2^n · (1 + random) / 2 … with n = retries so far + 1, capped at 2^16; so attempt n waits between
 * retryDelay · 2^(n-1) and retryDelay · 2^n seconds.
 */
export const QUEUES = {
  // The dead-letter queue first: a queue can only name one that exists. A dead job waits there 30 days.
  mailDead: { name: 'mail.dead', retentionSeconds: 30 * DAY_SECONDS },
  /** Mail delivery: 30 s doubling, 13 retries (about 3–5 days in all): an SMTP outage delays mail, never loses it. */
  mail: { name: 'mail.send', retryLimit: 13, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deadLetter: 'mail.dead' },
  reviewAnalysisDead: { name: 'review.analyse.dead', retentionSeconds: 30 * DAY_SECONDS },
  /**
   * Review analysis: runs within seconds of a submission. The local analyser cannot fail for lack of
   * network, so retries only cover a crash or a database hiccup: 5 s doubling, 8 retries (about 20 minutes).
   */
  reviewAnalysis: {
    name: 'review.analyse',
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 60,
    deadLetter: 'review.analyse.dead',
  },
} as const satisfies Record<string, Queue>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

/** What request handlers need of the job queue: enqueue, optionally inside the caller's transaction. */
export interface JobSender {
  /**
   * Enqueues `data` on `queue`. With `trx`, the job is written in that transaction, so it exists exactly
   * when the caller's rows commit. Resolves with the job's id.
   * @throws when the database refuses the insert (the caller's transaction is then aborted too)
   */
  send(queue: QueueName, data: object, opts?: { trx?: Knex.Transaction }): Promise<string | null>;
  /** True when the queue's tables answer (for /api/ready). Never throws. */
  isReady(): Promise<boolean>;
}

/** The process's pg-boss instance: started once, workers registered by `work`, stopped on shutdown. */
export class JobQueue implements JobSender {
  readonly boss: PgBoss;
  private started: Promise<void> | undefined;
  private readonly pollingIntervalSeconds: number | undefined;

  /**
   * @param connectionString the Postgres the jobs live in (pg-boss keeps its own pool of at most 3 connections)
   * @param opts.pollingIntervalSeconds default seconds between a worker's polls (pg-boss minimum 0.5; its default 2)
   * @param opts.supervise run pg-boss's maintenance (expiry, retention, dead letters) in this process; default true
   * @param opts.schedule run pg-boss's cron scheduler; default false (we schedule nothing)
   */
  constructor(
    private readonly connectionString: string,
    private readonly log: Logger,
    opts: { pollingIntervalSeconds?: number; supervise?: boolean; schedule?: boolean } = {},
  ) {
    this.pollingIntervalSeconds = opts.pollingIntervalSeconds;
    this.boss = new PgBoss({
      connectionString,
      max: 3,
      application_name: 'vinpressen-jobs',
      supervise: opts.supervise ?? true,
      schedule: opts.schedule ?? false,
      migrate: true,
    });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    this.boss.on('warning', (w) => this.log.warn({ warning: w.data }, `job queue: ${w.message}`));
  }

  /**
   * Installs or migrates pg-boss's schema if needed (a pg-boss 10 schema is set aside and its waiting jobs moved
   * over, see pg-boss-10-upgrade.ts), creates the queues or brings their policies up to QUEUES, and starts
   * maintenance. Idempotent; after a failure the next call tries again.
   * @throws when Postgres can't be reached or the schema can't be installed
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      const legacy = await setAsidePgBoss10Schema(this.connectionString);
      await this.boss.start();
      for (const q of Object.values(QUEUES)) {
        const { name, ...options } = q;
        if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
        else await this.boss.createQueue(name, options);
      }
      if (legacy) {
        const moved = await moveJobsFromPgBoss10(this.boss, this.connectionString, legacy);
        if (moved) this.log.info({ moved, from: legacy }, 'job queue: moved the waiting jobs of pg-boss 10');
      }
    })().catch((err: unknown) => {
      this.started = undefined;
      throw err;
    });
    return this.started;
  }

  async send(queue: QueueName, data: object, opts: { trx?: Knex.Transaction } = {}): Promise<string | null> {
    await this.start();
    return this.boss.send(queue, data, opts.trx ? { db: fromKnex(opts.trx) } : {});
  }

  /**
   * Runs `handler` for each job of `queue` in this process, one job at a time. A throw fails the job, to be retried
   * after the queue's backoff (then dead-lettered).
   */
  async work<T extends object>(queue: QueueName, handler: (data: T, job: Job<T>) => Promise<void>, opts: { pollingIntervalSeconds?: number } = {}) {
    await this.start();
    const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? this.pollingIntervalSeconds;
    return this.boss.work<T>(queue, { batchSize: 1, ...(pollingIntervalSeconds ? { pollingIntervalSeconds } : {}) }, async (jobs) => {
      for (const job of jobs) await handler(job.data, job);
    });
  }

  /** True when the queue's schema answers (for /api/ready). Never throws. */
  async isReady(): Promise<boolean> {
    try {
      await this.start();
      return await this.boss.isInstalled();
    } catch {
      return false;
    }
  }

  /** Stops polling, waits up to 5 s for running jobs (then fails them, to be retried), and closes the pool. */
  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}
