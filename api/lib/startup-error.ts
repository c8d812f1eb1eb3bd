/**
 * A start-up failure we understand: its message is one line that names the cause and the fix, printed as it is
 * (no stack trace) before the process exits with code 1 (api/server.ts, README 'Quick start').
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** `text` on one line: line breaks and runs of spaces become single spaces, trimmed. */
export function oneLine(text: string): string {
  return text
    .replace(/\s*\n\s*/g, '; ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `url` without its password, for messages (`postgres://user:…@host:port/db`); the input when it doesn't parse. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.password) return u.toString();
    return `${u.protocol}//${u.username}:…@${u.host}${u.pathname}${u.search}`;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * The one line printed for any error that ends the start (api/server.ts main). A StartupError's message as it is;
 * the configuration errors of api/config.ts (`Invalid configuration:` and one indented line per variable) joined into
 * one line with where to fix them; anything else prefixed 'Vinpressen could not start:' with its message on one
 * line and its error code. Never a stack trace.
 */
export function startupFailureLine(err: unknown): string {
  if (err instanceof StartupError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  if (message.startsWith('Invalid configuration:')) {
    const problems = message
      .slice('Invalid configuration:'.length)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    return `Invalid configuration: ${problems.join('; ')} (fix the environment variable; README 'Configuration' lists them)`;
  }
  const code = (err as { code?: unknown } | null)?.code;
  return `Vinpressen could not start: ${oneLine(message) || 'unknown error'}${typeof code === 'string' ? ` (${code})` : ''}`;
}

/**
 * Why a Postgres in DATABASE_URL can't be used, as one StartupError: `err` is what the first connection or query
 * threw (pg's or Node's error, with `code` ECONNREFUSED, ENOTFOUND, 28P01, 3D000 …).
 */
export function databaseUnreachable(err: unknown, url: string): StartupError {
  const e = err as { code?: string; message?: string } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const where = redactUrl(url);
  const hints: Record<string, string> = {
    ECONNREFUSED: 'nothing listens there: start that Postgres, or fix DATABASE_URL',
    ENOTFOUND: 'the host name is unknown: fix DATABASE_URL',
    EAI_AGAIN: 'the host name could not be looked up: check the network or fix DATABASE_URL',
    ETIMEDOUT: 'the connection timed out: check the host, port and firewall in DATABASE_URL',
    EHOSTUNREACH: 'the host is unreachable: check the network or fix DATABASE_URL',
    '28P01': 'the password was refused: fix the user and password in DATABASE_URL',
    '28000': "the server refused this user: fix the user in DATABASE_URL or the server's pg_hba.conf",
    '3D000': 'the database does not exist: create it (createdb) or name an existing one in DATABASE_URL',
  };
  const hint = (code && hints[code]) ?? 'check that server and DATABASE_URL';
  const detail = oneLine(e?.message ?? String(err)) || code || 'no answer';
  return new StartupError(
    `The database in DATABASE_URL (${where}) can't be used: ${detail}${code ? ` (${code})` : ''} — ${hint}; or unset DATABASE_URL to use the embedded Postgres`,
  );
}
