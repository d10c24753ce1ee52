import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token for a cookie or an e-mailed link, and the hash we store in its place. */
export function createSecureToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
