import { z } from 'zod';
import { WINE_CATEGORIES } from './constants';
import { ADMIN_WINE_MESSAGES } from './admin-wines';
import { PARTNER_MESSAGES as M } from './partner-rules';

// The admin's decision on a partner's wine (spec 001 §2 'Partner review tab', §5, §7): approve or reject. Kept out
// of partner.ts, which carries the partner forms' phone-number library (libphonenumber-js), so that the admin's
// review dialogs can check with the server's own schemas without loading it.

/** Why an approval without a list is refused: an approved wine is published in the lists it is given. */
export const APPROVE_MESSAGES = {
  categoryRequired: 'Välj minst en lista som vinet ska visas i.',
  categoryUnknown: 'Okänd lista. Välj Fynd, Aktuella vintips eller Folkets val.',
} as const;

/**
 * POST /api/admin/wines/{id}/approve (spec 001 §2 'Partner review tab', §7): the review mark, an optional medal
 * design and at least one category (FYND, NYLANSERAD, FOLKETS_VAL: the public lists select wines by category, spec 000
 * §7, so an approval without one would publish the wine in no list).
 */
export const ApproveWineBody = z
  .object({
    categories: z
      .array(z.enum(WINE_CATEGORIES, { message: APPROVE_MESSAGES.categoryUnknown }), { message: APPROVE_MESSAGES.categoryRequired })
      .min(1, { message: APPROVE_MESSAGES.categoryRequired })
      .max(WINE_CATEGORIES.length, { message: APPROVE_MESSAGES.categoryUnknown })
      .transform((list) => [...new Set(list)]),
    isGranskadVinpressen: z.boolean({ message: 'Ange ja eller nej.' }).default(false),
    medalDesignId: z
      .preprocess((v) => (v === '' ? null : v), z.string({ message: M.medalUnknown }).trim().max(60, { message: M.medalUnknown }).nullable())
      .optional()
      .transform((v) => v ?? null),
  })
  .meta({ id: 'ApproveWineBody' });
export type ApproveWineBody = z.infer<typeof ApproveWineBody>;

/** POST /api/admin/wines/{id}/reject {reason}: required, non-empty after trimming (spec 001 §5). */
export const RejectWineBody = z
  .object({
    reason: z
      .string({ message: M.reasonRequired })
      .trim()
      .min(1, { message: M.reasonRequired })
      .max(2000, { message: ADMIN_WINE_MESSAGES.tooLong(2000) }),
  })
  .meta({ id: 'RejectWineBody' });
export type RejectWineBody = z.infer<typeof RejectWineBody>;
