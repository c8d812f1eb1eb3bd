import * as client from 'openid-client';

/** What /api/login keeps in the session between the redirect and the callback (used once). */
export interface PendingSignIn {
  codeVerifier: string;
  state: string;
  nonce: string;
  /** ms since epoch; a pending sign-in older than 10 minutes is refused. */
  startedAt: number;
}

export interface VerifiedIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

export const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;

/**
 * OpenID Connect sign-in for admins (openid-client 6): authorization code with PKCE (S256), a fresh state
 * and nonce per redirect, checked once at the callback. The provider's metadata is discovered on first use
 * (and again after a failure), so the app can start before its provider answers.
 */
export class OidcSignIn {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly opts: {
      issuer: string;
      clientId: string;
      clientSecret: string;
      /** Built from the configured public origin, never from the request. */
      redirectUri: string;
      /** Allow an http:// issuer (the development provider on localhost). */
      allowInsecure: boolean;
    },
  ) {}

  private config(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(new URL(this.opts.issuer), this.opts.clientId, this.opts.clientSecret, undefined, {
        execute: this.opts.allowInsecure ? [client.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  /** The provider's authorization URL for a new sign-in, and what to keep until the callback. */
  async start(): Promise<{ url: URL; pending: PendingSignIn }> {
    const config = await this.config();
    const codeVerifier = client.randomPKCECodeVerifier();
    const pending: PendingSignIn = { codeVerifier, state: client.randomState(), nonce: client.randomNonce(), startedAt: Date.now() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.opts.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /**
   * Exchanges the callback's code (checking state, nonce and PKCE) and returns the verified identity.
   * @param callbackUrl the callback URL as the provider sent the browser there: the configured redirect URI
   *   plus the request's query string
   * @throws openid-client's errors for a wrong state, a provider error (e.g. access_denied), or a bad token
   */
  async finish(callbackUrl: URL, pending: PendingSignIn): Promise<VerifiedIdentity> {
    const config = await this.config();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider sent no ID token');
    // Many providers put e-mail and names only in the userinfo answer (a code-flow ID token need not carry them).
    const claims: Record<string, unknown> =
      typeof idClaims.email === 'string' ? idClaims : { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    return {
      subject: idClaims.sub,
      email: str(claims.email) ?? '',
      emailVerified: claims.email_verified === true,
      givenName: str(claims.given_name),
      familyName: str(claims.family_name),
      name: str(claims.name),
    };
  }
}
