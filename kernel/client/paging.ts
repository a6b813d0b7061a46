/**
 * Reading a page of a list reply. Calls answer pages in a few shapes (`{list,total}`,
 * ThinkPHP's `{data,total,last_page}`, `{items,total}`, a bare array); `usePaged` reads them all.
 */
export type ItemsOf<R> = R extends readonly (infer T)[]
  ? T
  : R extends { list: readonly (infer T)[] }
    ? T
    : R extends { data: readonly (infer T)[] }
      ? T
      : R extends { items: readonly (infer T)[] }
        ? T
        : R extends { rows: readonly (infer T)[] }
          ? T
          : never;

export interface PageSlice<T> {
  items: T[];
  /** Total rows over all pages, when the reply says. */
  total: number | null;
}

const LIST_FIELDS = ['list', 'data', 'items', 'rows'] as const;

export function readPage<T>(reply: unknown): PageSlice<T> {
  if (Array.isArray(reply)) return { items: reply as T[], total: null };
  if (reply && typeof reply === 'object') {
    const record = reply as Record<string, unknown>;
    const field = LIST_FIELDS.find((name) => Array.isArray(record[name]));
    if (field) {
      const total = Number(record.total);
      return { items: record[field] as T[], total: Number.isFinite(total) && record.total !== null ? total : null };
    }
  }
  return { items: [], total: null };
}

/** More pages remain when the total says so, or (without a total) when the last page was full. */
export function hasMorePages(loaded: number, lastPageSize: number, limit: number, total: number | null): boolean {
  if (total !== null) return loaded < total;
  return lastPageSize >= limit;
}
