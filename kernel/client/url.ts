/**
 * Hash locations carry their query inside the hash (`#/goods/detail/detail?id=3`), so the path
 * and the query are split and joined here, in one place.
 */
export type Query = Record<string, string | number>;

export function buildPath(path: string, query?: Query): string {
  const [base, existing = ''] = path.split('?');
  const params = new URLSearchParams(existing);
  for (const [key, value] of Object.entries(query ?? {})) params.set(key, String(value));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

export function splitPath(location: string): { path: string; query: Record<string, string> } {
  const [rawPath, search = ''] = location.split('?');
  let path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, query: Object.fromEntries(new URLSearchParams(search)) };
}

/** The `href` of a hash route. */
export const hashHref = (path: string, query?: Query): string => `#${buildPath(path, query)}`;

/** A positive whole number from a query parameter (`?id=3`), or undefined for anything else. */
export function queryId(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
