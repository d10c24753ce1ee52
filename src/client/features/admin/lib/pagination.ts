export const USERS_PER_PAGE = 50;

export interface PageSlice<T> {
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  items: T[];
  /** 1-based positions of the first and last item shown; both 0 when there are none. */
  from: number;
  to: number;
  total: number;
}

/** One page of `items`; a page past the end (after a search narrowed the list) falls back to the last one. */
export function pageOf<T>(items: readonly T[], requestedPage: number, perPage = USERS_PER_PAGE): PageSlice<T> {
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(requestedPage)), pageCount);
  const start = (page - 1) * perPage;
  const pageItems = items.slice(start, start + perPage);
  return {
    page,
    pageCount,
    items: pageItems,
    from: pageItems.length === 0 ? 0 : start + 1,
    to: start + pageItems.length,
    total,
  };
}
