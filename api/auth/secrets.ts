import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const MIN_SECRET_LENGTH = 32;

/**
 * The server's secret keys (cookie signing, reset-token derivation), newest first.
 *
 * `SESSION_SECRET` (comma-separated, each ≥ 32 characters) wins. Without it, outside production, a random
 * secret is created once in `<dataDir>/session-secret` (mode 600) and reused, so sessions survive restarts
 * and every process sharing the data directory agrees on it.
 *
 * @throws Error in production without SESSION_SECRET, or when a key is shorter than 32 characters.
 */
export function resolveSecretKeys(opts: { sessionSecret?: string; nodeEnv: string; dataDir: string }): string[] {
  if (opts.sessionSecret) {
    const keys = opts.sessionSecret
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    const short = keys.find((k) => k.length < MIN_SECRET_LENGTH);
    if (!keys.length || short !== undefined) {
      throw new Error(`SESSION_SECRET: every key must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    return keys;
  }
  if (opts.nodeEnv === 'production') {
    throw new Error('SESSION_SECRET must be set in production (comma-separated keys, at least 32 characters each)');
  }
  const file = path.join(opts.dataDir, 'session-secret');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  try {
    // 'wx' fails if another process created it first; then everyone reads the same file.
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters`);
  return [secret];
}
