/**
 * The wire under the Http service: fetch (through ky) and the request signature. The Http
 * service owns the meaning of every reply; this only carries it: every status comes back, no
 * retries, and a failure is either a time-out or a network error.
 */
// ky, not axios: axios cost ~20 KB gzip of the home route's 130 KB budget; fetch covers what we use.
import ky, { TimeoutError } from 'ky';
import type { CallDef } from '../core/contract';
import { signHeaders, type SignInput } from './signer';

export const TIMEOUT_MS = 60_000;

/** The network: the browser's fetch, or a fake one in tests (see HttpFetchToken). */
export type HttpFetch = (input: Request, init?: RequestInit) => Promise<Response>;

export interface WireRequest {
  call: CallDef;
  baseURL: string;
  body: unknown;
  sign: SignInput;
}

export interface WireResponse {
  status: number;
  data: unknown;
}

/** The request never got an answer: it timed out, or the network failed. */
export class TransportError extends Error {
  constructor(readonly kind: 'timeout' | 'network', cause: unknown) {
    super(kind, { cause });
    this.name = 'TransportError';
  }
}

export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** `apiUrl` + path (a base with a path keeps it), resolved against the page like any link. */
export function callUrl(baseURL: string, path: string): string {
  const joined = baseURL ? `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : path;
  return new URL(joined, globalThis.location?.href).toString();
}

/** GET payloads go in the query string; absent fields are left out rather than sent as "undefined". */
function queryOf(body: unknown): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query[key] = String(value);
  }
  return query;
}

/** JSON when the body is JSON, the text otherwise (a proxy's HTML error page), '' when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createTransport(fetch: HttpFetch | null): Transport {
  const client = ky.create({
    timeout: TIMEOUT_MS,
    retry: 0,
    // Every status reaches the caller: the Http service owns the meaning of non-200 replies.
    throwHttpErrors: false,
    ...(fetch ? { fetch: fetch as typeof globalThis.fetch } : {}),
  });
  return async ({ call, baseURL, body, sign }) => {
    const isGet = call.method === 'GET';
    try {
      const response = await client(callUrl(baseURL, call.path), {
        method: call.method,
        headers: signHeaders(sign),
        ...(isGet ? { searchParams: queryOf(body) } : body instanceof FormData ? { body } : { json: body ?? {} }),
      });
      return { status: response.status, data: await readBody(response) };
    } catch (error) {
      throw new TransportError(error instanceof TimeoutError ? 'timeout' : 'network', error);
    }
  };
}
