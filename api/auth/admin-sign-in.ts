import { createHmac } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Config } from '../config';
// Type only: the development provider (and oidc-provider under it) is imported when it is used, never in production.
import type { DevAccount } from './dev-identity-provider';
import { OidcSignIn } from './oidc';

/** How admins sign in (spec 001 §2 'Admin login'): an OpenID Connect provider and the allow-list. */
export interface AdminSignIn {
  /** Undefined in production without OIDC_ISSUER: /api/login then answers 503. */
  oidc: OidcSignIn | undefined;
  /** Lower-case e-mail addresses allowed into /admin. */
  allowList: Set<string>;
  /** 'Logga in via {providerName}'. */
  providerName: string;
  /** The development provider, mounted at /oidc when no issuer is configured outside production. */
  devProvider?: { middleware: Middleware; account: DevAccount };
}

/**
 * Chooses the admins' identity provider: OIDC_ISSUER when set; otherwise, outside production, a development
 * provider at `<publicUrl>/oidc` whose one account (DEV_ADMIN_EMAIL / DEV_ADMIN_PASSWORD) is on the allow-list.
 * Production without OIDC_ISSUER gets no provider (/api/login answers 503).
 *
 * The development provider (api/auth/dev-identity-provider.ts, and the oidc-provider package under it) is imported
 * only in that last case, by a dynamic import, so a production process never loads it
 * (api/test/production-imports.test.ts proves it).
 */
export async function createAdminSignIn(config: Pick<Config, 'oidc' | 'publicUrl' | 'nodeEnv' | 'trustProxy'>, keys: string[]): Promise<AdminSignIn> {
  const redirectUri = `${config.publicUrl}/api/callback`;
  const allowList = new Set(config.oidc.adminEmails);
  if (config.oidc.issuer) {
    return {
      oidc: new OidcSignIn({
        issuer: config.oidc.issuer,
        clientId: config.oidc.clientId!,
        clientSecret: config.oidc.clientSecret!,
        redirectUri,
        allowInsecure: config.oidc.issuer.startsWith('http://'),
      }),
      allowList,
      providerName: config.oidc.providerName ?? new URL(config.oidc.issuer).hostname,
    };
  }
  if (config.nodeEnv === 'production') {
    return { oidc: undefined, allowList, providerName: config.oidc.providerName ?? 'identitetsleverantören' };
  }
  const issuer = `${config.publicUrl}/oidc`;
  const clientId = 'vinpressen';
  const clientSecret = createHmac('sha256', keys[0]!).update('dev-oidc-client').digest('base64url');
  const account: DevAccount = { email: config.oidc.devAdminEmail, password: config.oidc.devAdminPassword, name: 'Vinpressen Admin' };
  allowList.add(account.email.toLowerCase());
  const { createDevIdentityProvider } = await import('./dev-identity-provider');
  const dev = createDevIdentityProvider({
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    accounts: [account],
    cookieKeys: keys,
    trustProxy: config.trustProxy,
  });
  return {
    oidc: new OidcSignIn({ issuer, clientId, clientSecret, redirectUri, allowInsecure: issuer.startsWith('http://') }),
    allowList,
    providerName: config.oidc.providerName ?? 'Vinpressen ID',
    devProvider: { middleware: dev.middleware, account },
  };
}
