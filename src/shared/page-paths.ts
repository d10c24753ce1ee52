/**
 * The web app's pages, as the client's router matches them (`:name` is one path segment). The server
 * answers these with the app and every other page path with the app's 404 page and status 404.
 */
export const PAGE_PATHS = {
  landing: '/',
  examples: '/examples',
  pricing: '/pricing',
  auth: '/auth',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  editor: '/editor/:id',
  project: '/projects/:id',
  admin: '/admin',
} as const;

const matchers = Object.values(PAGE_PATHS).map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+').replace(/\/$/, '')}/?$`),
);

/** Whether a page of the app lives at `pathname` (no query string), trailing slash or not, as the router decides. */
export function isPagePath(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}
