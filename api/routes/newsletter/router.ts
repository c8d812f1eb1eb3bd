import { ErrorBody } from '../../contract/errors';
import { NewsletterSignup, NewsletterSignupResult } from '../../contract/newsletter';
import { parsePhoneNumber } from 'libphonenumber-js/min';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { upsertSubscriber } from '../../queries/newsletter';

/**
 * POST /api/newsletter (spec 000 §2 'Håll dig uppdaterad'; the original's call is not shown, so it is
 * designed here). The same answer whether or not the address was already subscribed, so the form
 * can't be used to find out who subscribes.
 */
export function newsletterRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/newsletter',
      summary: 'Subscribe to the newsletter (e-mail, phone, GDPR consent); idempotent per e-mail address',
      tags: ['newsletter'],
      body: NewsletterSignup,
      responses: {
        200: { description: 'Subscribed (new or already subscribed)', schema: NewsletterSignupResult },
        400: { description: 'Invalid e-mail, phone or missing consent', schema: ErrorBody },
      },
    },
    async (ctx) => {
      const { email, phone } = ctx.state.input.body;
      await upsertSubscriber(ctx.db, {
        email,
        phone: parsePhoneNumber(phone, 'SE').number,
        consentedAt: new Date(),
      });
      ctx.body = { subscribed: true, message: 'Tack! Du får nu våra vintips och nyheter.' };
    },
  );
}
