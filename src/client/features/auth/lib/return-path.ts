/** Where a signed-in user lands when nothing asked for another page. */
const HOME = '/dashboard';

/** The login page, asked to bring the user back to `path` (the protected page they were on) afterwards. */
export function loginHref(path: string): string {
  return `/auth?next=${encodeURIComponent(path)}`;
}

/** The sign-up page, asked to go on to `path` afterwards (or at once, for someone already signed in). */
export function signupHref(path: string): string {
  return `/signup?next=${encodeURIComponent(path)}`;
}

/**
 * Where to go after logging in (or when a signed-in user opens the login page): the `next` of the query if
 * it is a page of this site, else the dashboard. Another site's address (`//evil.example`, `https:…`) or
 * the auth pages themselves are never followed.
 */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME;
  const page = next.split(/[?#]/)[0] ?? '';
  if (['/auth', '/login', '/signup'].includes(page)) return HOME;
  return next;
}
