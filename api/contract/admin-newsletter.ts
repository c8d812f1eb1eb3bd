import { z } from 'zod';
import { ADMIN_SEARCH_MAX_LENGTH, ADMIN_USER_MESSAGES, QueryFlag } from './admin-users';
import { pageLimit, pageOffset } from './paging';

/**
 * The admin panel's Newsletter tab 'NYHETSBREVHANTERING' (spec 001 §2 'Newsletter tab', §3 'Newsletter
 * subscriber'). The original's calls are not shown, so they are designed here in the style of the others:
 * GET /api/admin/newsletter-subscribers (list + the four counters), DELETE …/{id} and POST …/bulk-delete
 * (real deletes: the GDPR right to erasure) and GET …/export (CSV).
 */

/** Largest page of the list, and most ids in one bulk delete. */
export const SUBSCRIBER_PAGE_MAX = 1000;
export const SUBSCRIBER_BULK_DELETE_MAX = 1000;

/** The CSV export's header row (spec 001 §2: e-mail, phone, GDPR yes/no, subscribed date yyyy-MM-dd). */
export const SUBSCRIBER_CSV_HEADER = ['e-post', 'telefon', 'gdpr', 'prenumererade'] as const;

export const ADMIN_NEWSLETTER_MESSAGES = {
  notFound: 'Prenumeranten finns inte.',
  idsRequired: 'Välj minst en prenumerant.',
  tooManyIds: `Högst ${SUBSCRIBER_BULK_DELETE_MAX} prenumeranter kan tas bort på en gång.`,
  idInvalid: 'Ogiltigt id',
  searchTooLong: ADMIN_USER_MESSAGES.searchTooLong,
} as const;
const M = ADMIN_NEWSLETTER_MESSAGES;

/** One subscriber as the admin sees it. `phone` is E.164 ('+46701234567'), null when none was given. */
export const AdminSubscriber = z
  .object({
    id: z.uuid(),
    email: z.string(),
    phone: z.string().nullable().meta({ description: "E.164, e.g. '+46701234567'; null when none" }),
    gdprConsent: z.boolean(),
    consentedAt: z.string().meta({ description: 'ISO 8601: when consent was last given' }),
    isActive: z.boolean(),
    createdAt: z.string().meta({ description: 'ISO 8601: when the address first subscribed' }),
  })
  .meta({ id: 'AdminSubscriber' });
export type AdminSubscriber = z.infer<typeof AdminSubscriber>;

/** The tab's four counters, over ALL subscribers whatever the filters (spec 001 §2). */
export const AdminSubscriberStats = z
  .object({
    total: z.number().int(),
    gdprConsent: z.number().int(),
    withPhone: z.number().int(),
    active: z.number().int(),
  })
  .meta({ id: 'AdminSubscriberStats' });
export type AdminSubscriberStats = z.infer<typeof AdminSubscriberStats>;

/** Answer of the list: the matching subscribers (newest first), how many match, and the counters. */
export const AdminSubscriberList = z
  .object({
    items: z.array(AdminSubscriber),
    total: z.number().int().meta({ description: 'Subscribers matching the filters (all pages)' }),
    stats: AdminSubscriberStats,
  })
  .meta({ id: 'AdminSubscriberList' });
export type AdminSubscriberList = z.infer<typeof AdminSubscriberList>;

const Search = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, { message: M.searchTooLong })
  .optional()
  .meta({ description: "Part of the e-mail or phone; a phone may be typed as '070-123 45 67' or '+46 70…'" });
const GdprOnly = QueryFlag.optional().meta({ description: "'true': only subscribers with GDPR consent ('Endast GDPR-samtycke')" });

/** Query of GET /api/admin/newsletter-subscribers. The filters combine (spec 001 §4). */
export const SubscriberListQuery = z
  .object({
    q: Search,
    gdprOnly: GdprOnly,
    limit: pageLimit(SUBSCRIBER_PAGE_MAX, SUBSCRIBER_PAGE_MAX, ADMIN_USER_MESSAGES.pageInvalid).meta({
      description: `1–${SUBSCRIBER_PAGE_MAX}, default ${SUBSCRIBER_PAGE_MAX}`,
    }),
    offset: pageOffset(1_000_000_000, ADMIN_USER_MESSAGES.pageInvalid).meta({ description: 'Subscribers to skip (newest first); default 0' }),
  })
  .strict();
export type SubscriberListQuery = z.infer<typeof SubscriberListQuery>;

/** Query of GET /api/admin/newsletter-subscribers/export: the list's filters, every matching row. */
export const SubscriberExportQuery = z.object({ q: Search, gdprOnly: GdprOnly }).strict();
export type SubscriberExportQuery = z.infer<typeof SubscriberExportQuery>;

/** POST /api/admin/newsletter-subscribers/bulk-delete body: 1–1000 ids (repeats count once). */
export const SubscriberBulkDelete = z
  .object({
    ids: z
      .array(z.uuid({ message: M.idInvalid }), { message: M.idsRequired })
      .min(1, { message: M.idsRequired })
      .max(SUBSCRIBER_BULK_DELETE_MAX, { message: M.tooManyIds }),
  })
  .strict()
  .meta({ id: 'SubscriberBulkDelete' });
export type SubscriberBulkDelete = z.infer<typeof SubscriberBulkDelete>;

/** Answer of the bulk delete: how many rows were deleted (ids that named no subscriber are skipped). */
export const SubscriberBulkDeleteResult = z.object({ deleted: z.number().int() }).meta({ id: 'SubscriberBulkDeleteResult' });
export type SubscriberBulkDeleteResult = z.infer<typeof SubscriberBulkDeleteResult>;

/** The {id} of DELETE /api/admin/newsletter-subscribers/{id}. */
export const SubscriberParams = z.object({ id: z.uuid({ message: M.idInvalid }) });
