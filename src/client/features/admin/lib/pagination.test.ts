import { describe, expect, it } from 'vitest';
import { USERS_PER_PAGE, pageOf } from './pagination';

const items = Array.from({ length: 10_000 }, (_, index) => index);

describe('one page of users', () => {
  it('shows 50 at a time and says which', () => {
    expect(USERS_PER_PAGE).toBe(50);
    const first = pageOf(items, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 200, from: 1, to: 50, total: 10_000 });
    expect(first.items).toHaveLength(50);
    expect(pageOf(items, 200)).toMatchObject({ from: 9951, to: 10_000 });
  });

  it('clamps a page past the end, say after a search narrowed the list, and below the start', () => {
    expect(pageOf(items.slice(0, 120), 7)).toMatchObject({ page: 3, from: 101, to: 120 });
    expect(pageOf(items, 0)).toMatchObject({ page: 1, from: 1 });
  });

  it('reports an empty list as one empty page', () => {
    expect(pageOf([], 3)).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0, total: 0, items: [] });
  });
});
