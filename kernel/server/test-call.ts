/**
 * The test servers' calls (kernel/server/testing.ts `t.call`): a request injected into the app,
 * signed, with the caller's token and language, as JSON (or a query string for a GET).
 */
import type { FastifyInstance } from 'fastify';
import type { CallDef } from '../core/contract';
import type { Reply } from '../core/envelope';

export interface TestCallOptions {
  token?: string;
  /** The `Lang` header; zh-Hans when left out. */
  lang?: string;
  /** Extra or replacing headers; a value of `undefined` removes that header (e.g. to drop the signature). */
  headers?: Record<string, string | undefined>;
  /** Defaults to the call's method (POST for a path). */
  method?: 'GET' | 'POST';
}

export interface TestReply<T> {
  status: number;
  body: Reply<T>;
}

/** Calls `target` (a call or a path) on `app` with `signedHeaders()` and the options' headers. */
export async function injectCall(
  app: FastifyInstance,
  signedHeaders: () => Record<string, string>,
  target: CallDef | string,
  payload?: unknown,
  opts: TestCallOptions = {},
): Promise<TestReply<unknown>> {
  const def = typeof target === 'string' ? null : target;
  const method = opts.method ?? def?.method ?? 'POST';
  const url = def?.path ?? (target as string);
  const headers: Record<string, string> = { ...signedHeaders(), ...(opts.lang ? { Lang: opts.lang } : {}) };
  if (opts.token) headers.Token = opts.token;
  for (const [name, value] of Object.entries(opts.headers ?? {})) {
    for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
    if (value !== undefined) headers[name] = value;
  }
  const response = await app.inject(
    method === 'GET'
      ? { method, url, headers, query: toQuery(payload) }
      : { method, url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload ?? {}) },
  );
  return { status: response.statusCode, body: response.json() as Reply<unknown> };
}

function toQuery(payload: unknown): Record<string, string> {
  if (!payload || typeof payload !== 'object') return {};
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
}
