/**
 * The error catalogue of spec §8: any non-200 status shows a "service error" modal whose text
 * depends on the status. Keys live in the `kernel` i18n namespace. 413 is ours (the spec has no
 * text for it): an over-size body or upload says so instead of "abnormal problem".
 */
const STATUS_KEYS: Record<number, string> = {
  302: 'http.302',
  400: 'http.400',
  401: 'http.401',
  403: 'http.401',
  404: 'http.404',
  408: 'http.408',
  409: 'http.409',
  413: 'http.413',
  500: 'http.500',
  501: 'http.501',
  502: 'http.502',
  503: 'http.503',
  504: 'http.504',
  505: 'http.505',
};

export interface CatalogueEntry {
  key: string;
  params: Record<string, string | number>;
}

/** The catalogue entry for an HTTP status; `url` is appended for 404 as the spec's text expects. */
export function statusMessage(status: number, url = ''): CatalogueEntry {
  const key = STATUS_KEYS[status];
  if (!key) return { key: 'http.other', params: { status } };
  return { key, params: status === 404 ? { url } : {} };
}
