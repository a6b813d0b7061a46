import { describe, expect, it } from 'vitest';
import { hasMorePages, readPage } from './paging';

describe('reading a page of a list reply', () => {
  it('knows the usual shapes', () => {
    expect(readPage([1, 2])).toEqual({ items: [1, 2], total: null });
    expect(readPage({ list: [1], total: 9 })).toEqual({ items: [1], total: 9 });
    expect(readPage({ data: [1], total: '4', last_page: 2 })).toEqual({ items: [1], total: 4 });
    expect(readPage({ items: [], total: 0 })).toEqual({ items: [], total: 0 });
    expect(readPage({ rows: [5] })).toEqual({ items: [5], total: null });
    expect(readPage(null)).toEqual({ items: [], total: null });
  });

  it('decides whether more pages remain', () => {
    expect(hasMorePages(10, 10, 10, 25)).toBe(true);
    expect(hasMorePages(25, 5, 10, 25)).toBe(false);
    expect(hasMorePages(20, 10, 10, null)).toBe(true);
    expect(hasMorePages(23, 3, 10, null)).toBe(false);
  });
});
