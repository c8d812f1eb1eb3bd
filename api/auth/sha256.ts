import { createHash } from 'node:crypto';

/** SHA-256 (hex, 64 characters) of a token: what the database stores and looks up. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
