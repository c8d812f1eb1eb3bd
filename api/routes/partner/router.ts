import { MessageResult } from '../../contract/auth';
import { ErrorBody } from '../../contract/errors';
import {
  PartnerCurrent,
  PartnerLoginBody,
  PartnerRegisterBody,
  PartnerWine,
  PartnerWineCreateBody,
  PartnerWineInput,
  PartnerWineList,
  ResendVerificationBody,
  VerifyQuery,
} from '../../contract/partner';
import { PARTNER_MESSAGES as M } from '../../contract/partner-rules';
import { WineIdParams } from '../../contract/wines';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { signOut, withSession } from '../../middlewares/auth';
import { presentPartnerCurrent, presentPartnerWine } from '../../presenters/partner';
import { findOwnWine, listOwnWines } from '../../queries/partner-wines';
import { partnerForSignIn, registerPartner, requirePartnerProfile, resendPartnerVerification } from '../../services/partner-accounts';
import { followVerificationLink } from '../auth/verification-link';
import { signInWithPassword } from '../../services/sign-in';
import { UNIFORM_REGISTRATION_MS, withUniformDuration } from '../../lib/uniform-time';
import { rateLimitKey } from '../../lib/rate-limits';
import {
  createPartnerWine,
  deletePartnerWine,
  duplicatePartnerWine,
  partnerWineNotFound,
  revisePartnerWine,
  submitPartnerWine,
  updatePartnerWine,
} from '../../services/partner-wines';

const error = (description: string) => ({ description, schema: ErrorBody });
const tooMany = error('Too many attempts: Retry-After says when to try again');
const csrf = error('Refused: not from the site (Origin) — or 415 for a body that is not JSON');
const TAGS = ['partner'];
const PARTNER = ['partner'] as const;
const guarded = { 401: error('Not signed in'), 403: error('Not a partner') };

/** Where the verification link lands: the partner login, which shows a green or red banner (spec 001 §2). */
export const VERIFIED_REDIRECT = '/partner/login?verified=true';
export const NOT_VERIFIED_REDIRECT = '/partner/login?verified=false';

/**
 * The partner portal's API (spec 001 §7): registration with e-mail verification, sign-in and sign-out, the
 * current partner, and the partner's own wines (list, get, create, update, submit). Every wine route reads and writes
 * through the ownership rule of api/queries/partner-wines.ts (another partner's wine is a 404). Answers carry
 * `Cache-Control: no-store`. The Excel template and bulk upload live in api/routes/partner-bulk.
 */
export function partnerRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/partner/register',
      summary:
        'Register a partner (user, company and a mailed verification link in one transaction); does not sign in. Answers alike, in the same time, whether or not the e-mail has an account',
      tags: TAGS,
      body: PartnerRegisterBody,
      responses: {
        201: { description: 'Registered: a verification link is on its way (PARTNER_MESSAGES.registered)', schema: MessageResult },
        400: error('A field is missing or invalid (each listed in details, in Swedish)'),
        403: csrf,
        409: error("Username taken (message contains 'already exists')"),
        429: tooMany,
      },
    },
    async (ctx) => {
      // Only accounts made count against the address's limit; refused input and taken usernames cost nothing.
      await ctx.rateLimits.assertNotBlocked(ctx, 'register', ctx.ip);
      const user = await withUniformDuration(
        () =>
          registerPartner(ctx.db, ctx.jobs, ctx.secretKeys[0]!, ctx.state.input.body, {
            adminEmails: ctx.adminEmails,
            registeredIpKey: rateLimitKey(ctx.ip),
          }),
        UNIFORM_REGISTRATION_MS,
      );
      if (user) await ctx.rateLimits.count('register', ctx.ip);
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { message: M.registered } satisfies MessageResult;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/partner/verify',
      summary: 'The mailed verification link: verifies the e-mail once, then redirects to the partner login',
      tags: TAGS,
      query: VerifyQuery,
      responses: {
        302: { description: `Verified → ${VERIFIED_REDIRECT}; unknown, used, replaced or expired link → ${NOT_VERIFIED_REDIRECT}` },
      },
    },
    async (ctx) => {
      await followVerificationLink(ctx, ctx.state.input.query.token, (outcome) => (outcome.ok ? VERIFIED_REDIRECT : NOT_VERIFIED_REDIRECT));
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/partner/resend-verification',
      summary: 'Mail a new verification link to an unverified partner (older links stop working). Same answer for any address',
      tags: TAGS,
      body: ResendVerificationBody,
      responses: {
        202: { description: 'Accepted (PARTNER_MESSAGES.verificationResent)', schema: MessageResult },
        400: error('E-mail missing or invalid'),
        403: csrf,
        429: tooMany,
      },
    },
    async (ctx) => {
      const { email } = ctx.state.input.body;
      // The reset limits' points and windows, counted apart from password resets (own key space).
      await ctx.rateLimits.consume(ctx, 'resetIp', `verify:${ctx.ip}`);
      await ctx.rateLimits.consume(ctx, 'resetAccount', `verify:${email}`);
      await withUniformDuration(() => resendPartnerVerification(ctx.db, ctx.jobs, ctx.secretKeys[0]!, email));
      ctx.status = 202;
      ctx.body = { message: M.verificationResent } satisfies MessageResult;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/partner/login',
      summary: 'Partner sign-in with e-mail and password (new session id); progressive delays like /api/auth/login',
      tags: TAGS,
      body: PartnerLoginBody,
      responses: {
        200: { description: 'Signed in: the user and the company', schema: PartnerCurrent },
        400: error('E-mail or password missing'),
        401: error('Wrong e-mail or password'),
        403: error(
          "After a correct password: 'account_deactivated', 'not_partner', 'email_not_verified' or 'partner_profile_missing' — or the request did not come from the site",
        ),
        429: tooMany,
      },
    },
    withSession,
    async (ctx) => {
      const { email, password } = ctx.state.input.body;
      const { user, admitted: partner } = await signInWithPassword(ctx, email, password, (u) => partnerForSignIn(ctx.db, u));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentPartnerCurrent(user, partner);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/partner/logout',
      summary: 'Sign out: the session row is deleted and the cookie cleared (204 also when not signed in)',
      tags: TAGS,
      responses: { 204: { description: 'Signed out' }, 403: csrf },
    },
    withSession,
    (ctx) => {
      signOut(ctx);
      ctx.status = 204;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/partner/current',
      summary: 'The signed-in partner: user and company',
      tags: TAGS,
      access: PARTNER,
      responses: {
        200: { description: 'The partner', schema: PartnerCurrent },
        401: error('Not signed in'),
        403: error("Not a partner, or 'partner_profile_missing': a partner account without company details"),
      },
    },
    async (ctx) => {
      const user = ctx.state.user;
      const partner = await requirePartnerProfile(ctx.db, user.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentPartnerCurrent(user, partner);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/partner/wines',
      summary: "The partner's own wines, every approval status, newest first",
      tags: TAGS,
      access: PARTNER,
      responses: { 200: { description: 'The wines and their number', schema: PartnerWineList }, ...guarded },
    },
    async (ctx) => {
      const rows = await listOwnWines(ctx.db, ctx.state.user.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: rows.map(presentPartnerWine), total: rows.length } satisfies PartnerWineList;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/partner/wines/:id',
      summary: "One of the partner's own wines",
      tags: TAGS,
      access: PARTNER,
      params: WineIdParams,
      responses: {
        200: { description: 'The wine', schema: PartnerWine },
        ...guarded,
        404: error("No such wine, or another partner's (the same answer)"),
      },
    },
    async (ctx) => {
      const row = await findOwnWine(ctx.db, ctx.state.user.id, ctx.state.input.params.id);
      if (!row) throw partnerWineNotFound();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentPartnerWine(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/partner/wines',
      summary: "Create a draft wine (source 'partner'); price may be text such as '129,50 kr'; an optional client-made id makes a repeat idempotent",
      tags: TAGS,
      access: PARTNER,
      body: PartnerWineCreateBody,
      responses: {
        201: { description: 'Created as a draft', schema: PartnerWine },
        200: { description: 'The id was already this partner’s wine: the stored wine, unchanged', schema: PartnerWine },
        400: error('Invalid or missing fields (each listed in details, in Swedish)'),
        ...guarded,
        409: error("'wine_id_taken': the given id is another account's wine"),
      },
    },
    async (ctx) => {
      const { wine, created } = await createPartnerWine(ctx.db, ctx.state.user.id, ctx.state.input.body);
      ctx.status = created ? 201 : 200;
      ctx.set('Location', `/api/partner/wines/${wine.id}`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentPartnerWine(wine);
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/api/partner/wines/:id',
      summary: 'Replace a draft with the whole form; only drafts can be changed',
      tags: TAGS,
      access: PARTNER,
      params: WineIdParams,
      body: PartnerWineInput,
      responses: {
        200: { description: 'Updated', schema: PartnerWine },
        400: error('Invalid or missing fields (each listed in details, in Swedish)'),
        ...guarded,
        404: error("No such wine, or another partner's"),
        409: error("'not_editable': the wine is pending, approved or rejected"),
      },
    },
    async (ctx) => {
      const { params, body } = ctx.state.input;
      const row = await updatePartnerWine(ctx.db, ctx.state.user.id, params.id, body);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentPartnerWine(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/partner/wines/:id/submit',
      summary: "Send a draft for review: draft → pending ('Väntar granskning'); needs name, description, price and rating",
      tags: TAGS,
      access: PARTNER,
      params: WineIdParams,
      responses: {
        200: { description: 'Submitted: the wine, now pending', schema: PartnerWine },
        400: error("'submit_not_ready' (PARTNER_MESSAGES.submitNotReady): a required field is missing"),
        ...guarded,
        404: error("No such wine, or another partner's"),
        409: error("'already_submitted': the wine is not a draft"),
      },
    },
    async (ctx) => {
      const row = await submitPartnerWine(ctx.db, ctx.state.user.id, ctx.state.input.params.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentPartnerWine(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/api/partner/wines/:id',
      summary: 'Delete a draft for good; only drafts (a rejected wine opened again with …/revise is one) can be deleted',
      tags: TAGS,
      access: PARTNER,
      params: WineIdParams,
      responses: {
        204: { description: 'Deleted' },
        ...guarded,
        404: error("No such wine, or another partner's"),
        409: error("'not_deletable': the wine is pending, approved or rejected"),
      },
    },
    async (ctx) => {
      await deletePartnerWine(ctx.db, ctx.state.user.id, ctx.state.input.params.id);
      ctx.status = 204;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/partner/wines/:id/duplicate',
      summary: "Copy one of the partner's wines (any status) as a new draft: the form's fields and the same name, no review data",
      tags: TAGS,
      access: PARTNER,
      params: WineIdParams,
      responses: {
        201: { description: 'The copy, a new draft', schema: PartnerWine },
        ...guarded,
        404: error("No such wine, or another partner's"),
      },
    },
    async (ctx) => {
      const row = await duplicatePartnerWine(ctx.db, ctx.state.user.id, ctx.state.input.params.id);
      ctx.status = 201;
      ctx.set('Location', `/api/partner/wines/${row.id}`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentPartnerWine(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/partner/wines/:id/revise',
      summary: 'Open a rejected wine again as a draft to change and send in again; its rejection reason stays until the next decision',
      tags: TAGS,
      access: PARTNER,
      params: WineIdParams,
      responses: {
        200: { description: 'The wine, a draft again, with its rejectionReason', schema: PartnerWine },
        ...guarded,
        404: error("No such wine, or another partner's"),
        409: error("'not_rejected': the wine is not rejected"),
      },
    },
    async (ctx) => {
      const row = await revisePartnerWine(ctx.db, ctx.state.user.id, ctx.state.input.params.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentPartnerWine(row);
    },
  );
}
