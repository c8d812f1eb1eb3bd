/** Ports of the browser tests' servers (no imports: read by the config, the server and the specs). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The SMTP server the mail tests run (e2e/support/smtp.ts); the e2e app sends its mail there. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3225);

/** The development identity provider's account in the browser tests. */
export const E2E_ADMIN = { email: 'admin@vinpressen.test', password: 'e2e-admin-lösen' } as const;

/**
 * Where the e2e server writes its database URL for the specs (one file per port, so two runs on different
 * ports don't read each other's database; outside test-results/, which Playwright empties at start).
 */
export const E2E_DB_URL_FILE_NAME = `e2e-db-url-${E2E_PORT}.txt`;
