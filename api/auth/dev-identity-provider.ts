import escapeHtml from 'escape-html';
import Koa, { type Middleware } from 'koa';
import { koaBody } from 'koa-body';
import mount from 'koa-mount';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { createHash, generateKeyPairSync, timingSafeEqual } from 'node:crypto';

/** An account of the development identity provider (from DEV_ADMIN_EMAIL / DEV_ADMIN_PASSWORD). */
export interface DevAccount {
  email: string;
  password: string;
  name: string;
}

export interface DevIdentityProviderOptions {
  /** e.g. 'http://localhost:3000/oidc' — where it is mounted, as the browser reaches it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: DevAccount[];
  /** Cookie keys: the same as the outer app's (koa-mount shares the cookies). */
  cookieKeys: string[];
  trustProxy?: boolean;
}

const sameSecret = (a: string, b: string) => {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
};

/** The sign-in page: a labelled e-mail field and a labelled password field, in the site's colours. */
function loginPage(opts: { action: string; email?: string; error?: string }): string {
  return `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Logga in – Vinpressen ID (utveckling)</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f7f3ea;color:#1c1917;font-family:Georgia,'Times New Roman',serif}
main{width:min(26rem,calc(100% - 2rem));background:#fffdf8;border-top:4px double #1c1917;padding:1.5rem 1.5rem 2rem;box-shadow:0 1px 3px #0002}
h1{margin:0 0 .25rem;font-size:1.75rem;color:#7b1e2b}p{margin:.25rem 0 1.25rem;color:#44403c}
label{display:block;margin:1rem 0 .35rem;font:600 .9rem system-ui,sans-serif}
input{box-sizing:border-box;width:100%;padding:.7rem .8rem;font-size:1rem;border:1px solid #78716c;background:#fff}
input:focus{outline:3px solid #7b1e2b;outline-offset:1px}
button{margin-top:1.5rem;width:100%;min-height:44px;border:0;background:#7b1e2b;color:#fffdf8;font:700 1rem system-ui,sans-serif;cursor:pointer}
button:focus{outline:3px solid #1c1917;outline-offset:2px}
.error{padding:.6rem .8rem;border-left:4px solid #9f1239;background:#fff1f2;color:#881337;font:0.95rem system-ui,sans-serif}
</style></head>
<body><main>
<h1>Vinpressen ID</h1>
<p>Identitetsleverantör för utveckling. Logga in som administratör.</p>
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<form method="post" action="${escapeHtml(opts.action)}">
<label for="email">E-postadress</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}" ${opts.email ? '' : 'autofocus'}>
<label for="password">Lösenord</label>
<input id="password" name="password" type="password" autocomplete="current-password" required ${opts.email ? 'autofocus' : ''}>
<button type="submit">Logga in</button>
</form>
</main></body></html>`;
}

/**
 * A development OpenID Connect provider (oidc-provider) for when no real one is configured: one confidential
 * client (Vinpressen), PKCE required, accounts from configuration, a Swedish sign-in page, and consent granted
 * automatically for our own client. Returns Koa middleware that serves it under the issuer's path. Its state
 * (codes, sessions) lives in memory: it is meant for one development process, not for production.
 */
export function createDevIdentityProvider(opts: DevIdentityProviderOptions): { middleware: Middleware; provider: Provider } {
  const byId = new Map(opts.accounts.map((a) => [a.email.toLowerCase(), a]));
  const provider = new Provider(opts.issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    cookies: { keys: opts.cookieKeys },
    // A signing key of this process (development only: ID tokens from an earlier run need not verify).
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' }] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    async findAccount(_ctx, sub) {
      const account = byId.get(sub);
      if (!account) return undefined;
      const [given, ...rest] = account.name.split(' ');
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
          given_name: given,
          family_name: rest.join(' ') || undefined,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${new URL(opts.issuer).pathname}/interaction/${interaction.uid}` },
    async renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="sv"><meta charset="utf-8"><title>Inloggningen misslyckades</title><body style="font-family:Georgia,serif;padding:2rem"><h1>Inloggningen misslyckades</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre><p><a href="/admin-login">Tillbaka</a></p></body></html>`;
    },
  });
  provider.proxy = Boolean(opts.trustProxy);

  // The interaction screens: sign-in (prompt 'login') and the automatic consent (prompt 'consent').
  const interactions = new Koa();
  interactions.keys = opts.cookieKeys;
  interactions.proxy = Boolean(opts.trustProxy);
  interactions.use(koaBody({ urlencoded: true, json: false, multipart: false, text: false, formLimit: '10kb' }));
  interactions.use(async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const match = /^\/([A-Za-z0-9_-]+)$/.exec(ctx.path);
    if (!match) return ctx.throw(404);
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== match[1]) ctx.throw(400, 'interaction mismatch');
    const action = `${new URL(opts.issuer).pathname}/interaction/${details.uid}`;

    if (details.prompt.name === 'login') {
      if (ctx.method === 'GET') {
        ctx.type = 'html';
        ctx.body = loginPage({ action });
        return;
      }
      const { email = '', password = '' } = (ctx.request.body ?? {}) as { email?: string; password?: string };
      const account = byId.get(String(email).trim().toLowerCase());
      if (!account || !sameSecret(account.password, String(password))) {
        ctx.status = 401;
        ctx.type = 'html';
        ctx.body = loginPage({ action, email: String(email), error: 'Fel e-postadress eller lösenord.' });
        return;
      }
      await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: account.email.toLowerCase() } }, { mergeWithLastSubmission: false });
      ctx.respond = false;
      return;
    }

    if (details.prompt.name === 'consent') {
      // Our own client: grant what it asked for without a consent screen.
      const { Grant } = provider;
      const grant = details.grantId
        ? await Grant.find(details.grantId)
        : new Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant!.save();
      await provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      ctx.respond = false;
      return;
    }
    ctx.throw(400, `unsupported prompt ${details.prompt.name}`);
  });

  const base = new URL(opts.issuer).pathname; // '/oidc'
  const app = new Koa();
  app.keys = opts.cookieKeys;
  app.use(mount('/interaction', interactions));
  app.use(mount(provider));
  return { middleware: mount(base, app), provider };
}
