import { describe, expect, it } from 'vitest';
import { loginHref, returnPath, signupHref } from './return-path';

describe('coming back after logging in', () => {
  it('returns to the protected page the login was asked from', () => {
    expect(loginHref('/editor/abc?x=1')).toBe('/auth?next=%2Feditor%2Fabc%3Fx%3D1');
    expect(returnPath(new URL(`http://h${loginHref('/editor/abc?x=1')}`).search)).toBe('/editor/abc?x=1');
    expect(returnPath('?next=%2Fadmin')).toBe('/admin');
  });

  it('opens sign-up asked to go on to a page, query and all, after signing up or logging in there', () => {
    const next = '/dashboard?prompt=Rain+%26+neon%2C+50%25+slow';
    const href = signupHref(next);
    expect(new URL(`http://h${href}`).pathname).toBe('/signup');
    expect(returnPath(new URL(`http://h${href}`).search)).toBe(next);
  });

  it('goes to the dashboard otherwise, and never to another site or back to the login', () => {
    for (const search of ['', '?next=', '?next=https%3A%2F%2Fevil.example', '?next=%2F%2Fevil.example', '?next=%2F%5Cevil.example', '?next=%2Fauth', '?next=%2Fsignup%3Fa%3D1', '?next=dashboard']) {
      expect(returnPath(search), search).toBe('/dashboard');
    }
  });
});
