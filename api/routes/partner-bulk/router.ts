import type { AppRouter } from '../../lib/router';

/** The multipart Excel upload's path (spec 001 §7): the CSRF guard lets multipart through here only. */
export const BULK_UPLOAD_PATH = '/api/partner/wines/bulk-upload';

/**
 * The partner's Excel template and bulk upload (spec 001 §5, §7; issue 7). Registered before the partner routes, so
 * /api/partner/wines/template is never read as a wine id. Routes are added as they are built.
 */
export function partnerBulkRoutes(router: AppRouter): void {
  void router;
}
