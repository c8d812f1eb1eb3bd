import { z } from 'zod';
import { ADMIN_WINE_MESSAGES } from './admin-wines';
import { PARTNER_MESSAGES as M } from './partner-rules';

// The admin's decision on a partner's wine (spec 001 §2 'Partner review tab', §5, §7): approve or reject. Kept out
// of partner.ts, which carries the partner forms' phone-number library (libphonenumber-js), so that the admin's
// review dialogs can check with the server's own schemas without loading it.

/** POST /api/admin/wines/{id}/approve (spec 001 §2 'Partner review tab', §7). */
export const ApproveWineBody = z
  .object({
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
