export interface TakenParam {
  value: string | null;
  /** The query string without that parameter, with its '?' (or '' when nothing else was there). */
  remainingSearch: string;
}

/** One parameter of a query string, and the query string without it (to drop it from the address once read). */
export function takeSearchParam(search: string, name: string): TakenParam {
  const params = new URLSearchParams(search);
  const value = params.get(name);
  params.delete(name);
  const rest = params.toString();
  return { value, remainingSearch: rest ? `?${rest}` : '' };
}
