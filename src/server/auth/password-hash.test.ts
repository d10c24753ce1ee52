import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { createSecureToken, hashToken } from './secure-token.ts';

describe('password hashing', () => {
  it('stores a salted scrypt hash that verifies only the right password', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
    await expect(verifyPassword('correct horse', first)).resolves.toBe(true);
    await expect(verifyPassword('correct horsf', first)).resolves.toBe(false);
    await expect(verifyPassword('correct horse', 'garbage')).resolves.toBe(false);
  });
});

describe('secure tokens', () => {
  it('are 256-bit random values stored only as their SHA-256', () => {
    const { token, hash } = createSecureToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(hashToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(createSecureToken().token).not.toBe(token);
  });
});
