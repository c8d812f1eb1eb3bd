import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createMailer, type Mailer } from '../mail/mailer';
import { createReviewAnalyser, type ReviewAnalyser } from '../ai';
import { deliverMailJob, type MailJob } from '../services/mail-jobs';
import { pruneAppliedMutations } from '../services/partner-sync';
import { analyseReviewJob } from '../services/review-analysis';
import type { ReviewAnalysisJob } from '../services/reviews';
import { purgeExpiredRateLimits } from '../queries/rate-limits';
import { purgeExpiredSessions } from '../queries/sessions';
import { purgeOldTokens } from '../queries/single-use-tokens';
import { JobQueue, QUEUES } from './queue';

export interface Workers {
  jobs: JobQueue;
  mailer: Mailer;
  stop(): Promise<void>;
}

/**
 * Starts this process's background work: the pg-boss queue, the mail worker (SMTP_URL or .eml files), the
 * review analysis (within about a second of a submission), and the hourly clean-up of expired sessions, rate-limit counters, old reset and verification tokens and
 * applied sync mutations older than 30 days. Every API process runs
 * it; pg-boss hands each job to one of them.
 */
export async function startWorkers(deps: {
  db: Knex;
  databaseUrl: string;
  log: Logger;
  keys: string[];
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  dataDir: string;
  /** Seconds between polls for new jobs (pg-boss minimum 0.5; default 2). */
  pollingIntervalSeconds?: number;
  /** Analyses new reviews; default the local Swedish analyser. */
  analyser?: ReviewAnalyser;
}): Promise<Workers> {
  const log = deps.log.child({ component: 'jobs' });
  const jobs = new JobQueue(deps.databaseUrl, log);
  await jobs.start();
  const mailer = createMailer({ smtpUrl: deps.smtpUrl, from: deps.mailFrom, dataDir: deps.dataDir, log });
  await jobs.work<MailJob>(
    QUEUES.mail.name,
    async (data, job) => {
      try {
        await deliverMailJob({ db: deps.db, mailer, keys: deps.keys, publicUrl: deps.publicUrl, log }, data);
      } catch (err) {
        log.warn({ err, jobId: job.id }, 'mail delivery failed; the job will be retried');
        throw err;
      }
    },
    { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2 },
  );
  const analyser = deps.analyser ?? createReviewAnalyser();
  await jobs.work<ReviewAnalysisJob>(
    QUEUES.reviewAnalysis.name,
    async (data, job) => {
      try {
        await analyseReviewJob({ db: deps.db, analyser, log }, data);
      } catch (err) {
        log.warn({ err, jobId: job.id }, 'review analysis failed; the job will be retried');
        throw err;
      }
    },
    { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1 },
  );
  const cleanUp = async () => {
    const sessions = await purgeExpiredSessions(deps.db);
    const limits = await purgeExpiredRateLimits(deps.db);
    const tokens = await purgeOldTokens(deps.db, 'password_reset_tokens', 7);
    const verificationTokens = await purgeOldTokens(deps.db, 'email_verification_tokens', 30);
    const mutations = await pruneAppliedMutations(deps.db);
    if (sessions + limits + tokens + verificationTokens + mutations) {
      log.info({ sessions, limits, tokens, verificationTokens, mutations }, 'expired rows removed');
    }
  };
  const timer = setInterval(() => cleanUp().catch((err: unknown) => log.warn({ err }, 'clean-up failed')), 60 * 60 * 1000);
  timer.unref();
  return {
    jobs,
    mailer,
    async stop() {
      clearInterval(timer);
      await jobs.stop();
      mailer.close();
    },
  };
}
