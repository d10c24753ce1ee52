import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt (DESIGN §5 allows it; built into Node, no native addon). N=2^15, r=8 costs 32 MiB and
// ~50-100 ms per hash on one core: slow for an attacker, fine for a login.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes new passwords at one cost and checks stored ones at whatever cost each was stored with. */
export interface PasswordHasher {
  /** Returns `scrypt$N$r$p$salt$hash` (base64url parts), so parameters can be raised later. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** A hash of a random password: login checks unknown usernames against it so both paths cost the same. */
  decoyHash(): Promise<string>;
}

/** scrypt at cost `n`: the app's is `scryptPasswords`; test apps use a low `n` (a sign-up is not what they test). */
export function scryptPasswordHasher(n: number): PasswordHasher {
  let decoy: Promise<string> | undefined;
  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, n, R, P);
    return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
  }
  return {
    hash,
    async verify(password, stored) {
      const [scheme, storedN, r, p, salt, expectedHash] = stored.split('$');
      if (scheme !== 'scrypt' || !storedN || !r || !p || !salt || !expectedHash) return false;
      const expected = Buffer.from(expectedHash, 'base64url');
      const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(storedN), Number(r), Number(p));
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    decoyHash() {
      decoy ??= hash(randomBytes(16).toString('hex'));
      return decoy;
    },
  };
}

/** The app's passwords: scrypt N=2^15, r=8, p=1. */
export const scryptPasswords = scryptPasswordHasher(N);
