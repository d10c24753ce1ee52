import { describe, expect, it } from 'vitest';
import { resetPasswordRequestSchema, signupRequestSchema } from './auth.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('signup rules (DESIGN §5)', () => {
  it('accepts a username of letters, digits and _ . - @ with an optional e-mail', () => {
    expect(signupRequestSchema.parse({ username: 'ana.maria_92@x-y', password: 'secret' })).toEqual({
      username: 'ana.maria_92@x-y',
      password: 'secret',
    });
    expect(signupRequestSchema.parse({ username: 'ana', email: '', password: 'secret' }).email).toBeUndefined();
    expect(signupRequestSchema.parse({ username: 'ana', email: ' a@b.co ', password: 'secret' }).email).toBe('a@b.co');
  });

  it.each([
    [{ username: 'ab', password: 'secret' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(33), password: 'secret' }, 'Username must be at most 32 characters'],
    [{ username: 'no spaces', password: 'secret' }, 'Username may contain only letters, digits and _ . - @'],
    [{ username: '<script>', password: 'secret' }, 'Username may contain only letters, digits and _ . - @'],
    [{ password: 'secret' }, 'Username is required'],
    [{ username: 'anna', password: '12345' }, 'Password must be at least 6 characters long.'],
    [{ username: 'anna', password: 'x'.repeat(129) }, 'Password must be at most 128 characters long.'],
    [{ username: 'anna', password: 'secret', email: 'not-an-email' }, 'Please enter a valid email address'],
  ])('refuses %o with "%s"', (input, message) => {
    expect(firstMessage(signupRequestSchema.safeParse(input))).toBe(message);
  });
});

describe('reset rules', () => {
  it('needs a token and a password of at least 6 characters', () => {
    expect(firstMessage(resetPasswordRequestSchema.safeParse({ token: '', newPassword: 'secret' }))).toBe(
      'Reset token is required',
    );
    expect(firstMessage(resetPasswordRequestSchema.safeParse({ token: 't', newPassword: 'short' }))).toBe(
      'Password must be at least 6 characters long.',
    );
    expect(resetPasswordRequestSchema.safeParse({ token: 't', newPassword: 'secret' }).success).toBe(true);
  });
});
