import { z } from 'zod';

/** Systembolaget's product image CDN (db/data/README.md, `imageUrl`). */
const DEFAULT_WINE_PHOTO_SOURCE = 'https://product-cdn.systembolaget.se/productimages';

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Postgres connection string. Unset: an embedded Postgres is started with its data under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Where the embedded Postgres, generated files and (later) mail files live. */
  DATA_DIR: z.string().default('.data'),
  /** The wine data imported on first start, relative to the checkout (db/data/README.md describes it). */
  WINE_DATA_FILE: z.string().default('db/data/systembolaget-wines.json'),
  /** Set to 'false' to start with an empty wine table. */
  IMPORT_WINES: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built PWA served by the API process. */
  STATIC_DIR: z.string().default('dist/pwa'),
  /** The site's public origin, used in mailed links and to check the Origin of state-changing requests. */
  PUBLIC_URL: z.string().url().optional(),
  /** Comma-separated secrets (≥ 32 characters each; the first signs, the others still verify). Required in production. */
  SESSION_SECRET: z.string().optional(),
  /** smtp(s)://user:pass@host:port. Unset: mail is written as .eml files under DATA_DIR/mail. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Vinpressen <no-reply@vinpressen.se>'),
  /** 'true' behind a TLS-terminating proxy: trust X-Forwarded-* (one hop) for the client IP and HTTPS. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** OpenID Connect provider of the admins. Unset outside production: the built-in development provider at /oidc. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Shown on /admin-login's button: 'Logga in via {name}'. */
  OIDC_PROVIDER_NAME: z.string().optional(),
  /** Comma-separated e-mail addresses allowed into /admin (verified by the provider). */
  ADMIN_EMAILS: z.string().default(''),
  /** The development provider's one account (on the allow-list automatically). */
  DEV_ADMIN_EMAIL: z.string().email().default('admin@vinpressen.local'),
  DEV_ADMIN_PASSWORD: z.string().min(8).default('vinpressen-admin'),
  /** An OpenAI-compatible API for the review analysis; all three unset: the local Swedish analyser alone. */
  AI_API_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  /** Milliseconds before the model counts as failed and the local analyser answers instead. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Where the wines' bottle photos come from (docs/wine-photos.md): the base address the proxy appends
   * '/{productId}/{productId}_{size}.{format}' to, or 'off' (no photos; every wine shows its drawing).
   */
  WINE_PHOTO_SOURCE: z
    .string()
    .default(DEFAULT_WINE_PHOTO_SOURCE)
    .refine((v) => v === 'off' || /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(v), "an http(s) address without query, or 'off'"),
  /** Milliseconds the photo source may take before the proxy answers 504. */
  WINE_PHOTO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  /** Megabytes of photos kept on disk under DATA_DIR/wine-photos (least recently used go first). */
  WINE_PHOTO_CACHE_MB: z.coerce.number().int().min(1).max(100_000).default(200),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  wineDataFile: string;
  importWines: boolean;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  staticDir: string;
  publicUrl: string;
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  oidc: {
    issuer: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
    providerName: string | undefined;
    adminEmails: string[];
    devAdminEmail: string;
    devAdminPassword: string;
  };
  ai: { apiUrl: string | undefined; apiKey: string | undefined; model: string | undefined; timeoutMs: number };
  /** The bottle photos' source (null: 'off'), without a trailing slash; the upstream timeout (ms); the disk cache's bound (bytes). */
  winePhotos: { source: string | null; timeoutMs: number; cacheMaxBytes: number };
};

/**
 * Reads the process environment once, validated with zod.
 *
 * @throws Error with every invalid variable named, so a bad deployment fails at start with a clear message — also
 *   production without HTTPS (PUBLIC_URL https:// and TRUST_PROXY=true behind a TLS-terminating proxy)
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (as in `DATABASE_URL= npm start`).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const aiSet = [e.AI_API_URL, e.AI_API_KEY, e.AI_MODEL].filter(Boolean).length;
  if (aiSet > 0 && aiSet < 3) {
    throw new Error('Invalid configuration:\n  AI_API_URL, AI_API_KEY and AI_MODEL go together: set all three, or none for the local analyser');
  }
  // Vinpressen speaks plain HTTP; in production its session cookies are Secure, so TLS must end at a proxy in front
  // of it that says so (X-Forwarded-Proto). Without both, every sign-in would fail: say so now, once.
  if (e.NODE_ENV === 'production' && (!e.PUBLIC_URL?.startsWith('https://') || e.TRUST_PROXY !== 'true')) {
    throw new Error(
      'Invalid configuration:\n  NODE_ENV=production needs HTTPS: run Vinpressen behind a TLS-terminating proxy and set PUBLIC_URL=https://… and TRUST_PROXY=true (sign-in cookies are Secure, so plain HTTP cannot sign anyone in)',
    );
  }
  if (e.OIDC_ISSUER && (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)) {
    throw new Error('Invalid configuration:\n  OIDC_ISSUER is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are needed too');
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    wineDataFile: e.WINE_DATA_FILE,
    importWines: e.IMPORT_WINES === 'true',
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY === 'true',
    oidc: {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      providerName: e.OIDC_PROVIDER_NAME,
      adminEmails: e.ADMIN_EMAILS.split(',')
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
      devAdminEmail: e.DEV_ADMIN_EMAIL,
      devAdminPassword: e.DEV_ADMIN_PASSWORD,
    },
    ai: { apiUrl: e.AI_API_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    winePhotos: {
      source: e.WINE_PHOTO_SOURCE === 'off' ? null : e.WINE_PHOTO_SOURCE.replace(/\/+$/, ''),
      timeoutMs: e.WINE_PHOTO_TIMEOUT_MS,
      cacheMaxBytes: e.WINE_PHOTO_CACHE_MB * 1024 * 1024,
    },
  };
}
