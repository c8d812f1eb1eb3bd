// The zod-free part of POST /api/partner/sync's contract (api/contract/partner-sync.ts holds its schemas): the
// constants shared by the sync endpoint and the PWA's outbox (README 'Offline drafts'). No zod here: the PWA imports
// this file at run time, and the schemas would pull zod into its first load.

/** The mutation types of POST /api/partner/sync: create or change a draft, send it for review, delete it. */
export const SYNC_MUTATION_TYPES = ['upsertWine', 'submitWine', 'deleteWine'] as const;
export type SyncMutationType = (typeof SYNC_MUTATION_TYPES)[number];

/** Per-mutation outcomes (README 'Offline drafts'). */
export const SYNC_RESULT_STATUSES = ['applied', 'rejected', 'conflict'] as const;

/** Most mutations in one POST /api/partner/sync; the outbox sends larger queues in several batches. */
export const SYNC_BATCH_MAX = 100;
/** applied_mutations rows older than this are pruned (days). */
export const APPLIED_MUTATIONS_RETENTION_DAYS = 30;
/** The outbox's retry backoff: 1 s doubling to 60 s. */
export const SYNC_BACKOFF_MIN_MS = 1000;
export const SYNC_BACKOFF_MAX_MS = 60_000;

/** Texts of the sync results and the status pill (README 'Offline drafts'). */
export const SYNC_MESSAGES = {
  wineNotFound: 'Vinet finns inte, eller så tillhör det ett annat konto.',
  otherAccount: 'Ändringen gjordes under ett annat konto och skickas inte härifrån.',
  unknownField: (field: string) => `Okänt fält: ${field}.`,
  /** The database refused a value of the change (api/services/partner-sync.ts): it can never be saved as it is. */
  valueRefused: 'Ändringen innehåller ett värde som inte kan sparas. Ändra utkastet och spara igen.',
  pillOffline: 'Offline',
  pillSaved: (n: number) => `Sparat på enheten (${n})`,
  pillSyncing: 'Synkar…',
  pillSynced: (time: string) => `Allt synkat ${time}`,
  pillSignIn: (n: number) => `Logga in för att synka (${n})`,
  pillConflicts: (n: number) => `Konflikter (${n})`,
} as const;
