import { z } from 'zod';
import { ApprovalStatus } from './enums';

// GET /api/admin/dashboard (spec 001 §2 'Dashboard tab'): real figures instead of the original's sample text.

const CategoryShare = z.object({
  count: z.number().int().min(0),
  percent: z.number().min(0).max(100).meta({ description: '% of all wines, one decimal' }),
});

/** One admin action from the audit log (newest first on the dashboard). */
export const AuditActivity = z
  .object({
    id: z.string(),
    actorEmail: z.string(),
    action: z.string().meta({ example: 'wine.create' }),
    entityType: z.string().meta({ example: 'wine' }),
    entityId: z.string().nullable(),
    summary: z.string().meta({ description: 'Swedish, shown as it is', example: 'Lade till "Barolo 2019"' }),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'AuditActivity' });
export type AuditActivity = z.infer<typeof AuditActivity>;

/**
 * The dashboard's figures: counts of all wines (every approval status), all users (active or not), pending
 * community reviews and expert reviews (all of them, featured or not: the legacy page's card, spec 001 §2); the wines per approval status; the mean wine rating (1–5, one decimal, null when no wine is
 * rated); per category the number of wines and their share of all wines (a wine may be in several categories); and
 * the 10 newest admin actions.
 */
export const AdminDashboard = z
  .object({
    counts: z.object({
      wines: z.number().int().min(0),
      users: z.number().int().min(0),
      pendingReviews: z.number().int().min(0),
      expertReviews: z.number().int().min(0).meta({ description: 'every expert review, featured or not' }),
    }),
    winesByStatus: z.record(ApprovalStatus, z.number().int().min(0)),
    averageRating: z.number().min(1).max(5).nullable().meta({ description: '1–5, one decimal; null when no wine has a rating' }),
    categoryDistribution: z.object({ FYND: CategoryShare, NYLANSERAD: CategoryShare, FOLKETS_VAL: CategoryShare }),
    recentActivity: z.array(AuditActivity),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof AdminDashboard>;
