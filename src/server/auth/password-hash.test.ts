import { describe, expect, it } from 'vitest';
import { scryptPasswordHasher, scryptPasswords } from './password-hash.ts';
import { createSecureToken, hashToken } from './secure-token.ts';

describe('password hashing', () => {
  it('stores a salted scrypt hash that verifies only the right password', async () => {
    const first = await scryptPasswords.hash('correct horse');
    const second = await scryptPasswords.hash('correct horse');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
    await expect(scryptPasswords.verify('correct horse', first)).resolves.toBe(true);
    await expect(scryptPasswords.verify('correct horsf', first)).resolves.toBe(false);
    await expect(scryptPasswords.verify('correct horse', 'garbage')).resolves.toBe(false);
    await expect(scryptPasswords.decoyHash()).resolves.toMatch(/^scrypt\$32768\$/);
  });

  it('checks a stored hash at the cost it was stored with, whatever the cost of new ones', async () => {
    const cheap = scryptPasswordHasher(2 ** 10);
    const stored = await cheap.hash('correct horse');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(scryptPasswords.verify('correct horse', stored)).resolves.toBe(true);
    await expect(scryptPasswords.verify('correct horsf', stored)).resolves.toBe(false);
    await expect(cheap.verify('correct horse', await scryptPasswords.hash('correct horse'))).resolves.toBe(true);
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
