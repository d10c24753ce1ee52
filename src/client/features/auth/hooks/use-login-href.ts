import { useLocation, useSearch } from 'wouter';
import { loginHref } from '../lib/return-path';

/** The login page's address, asked to come back to this page afterwards. */
export function useLoginHref(): string {
  const [path] = useLocation();
  const search = useSearch();
  return loginHref(search ? `${path}?${search}` : path);
}
