import { createHash, createHmac } from 'node:crypto';

/**
 * The password-reset token of a token row: HMAC-SHA-256 of the row id under the server's newest secret,
 * base64url (43 characters). Nothing in the database can rebuild it without the secret.
 */
export function deriveResetToken(secret: string, tokenId: string): string {
  return createHmac('sha256', secret).update(`password-reset:${tokenId}`).digest('base64url');
}

/** SHA-256 (hex, 64 characters) of a token: what the database stores and looks up. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The e-mail verification token of a token row (partner registration, spec 001 §4): HMAC-SHA-256 of the row id under
 * the server's newest secret, with its own purpose label so a reset token never verifies and vice versa.
 */
export function deriveVerificationToken(secret: string, tokenId: string): string {
  return createHmac('sha256', secret).update(`email-verification:${tokenId}`).digest('base64url');
}
