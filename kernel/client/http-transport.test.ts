import { describe, expect, it } from 'vitest';
import { defineCall, shape } from '../core/contract';
import { z } from '../core/schemas';
import { callUrl, createTransport, TransportError, type HttpFetch } from './http-transport';

const post = defineCall({ path: '/api/test/echo', payload: z.object({}), reply: shape<unknown>(), summary: 'echo' });
const get = defineCall({ path: '/api/test/get', method: 'GET', payload: z.object({}), reply: shape<unknown>(), summary: 'get' });
const sign = { appKey: 'k', appSecret: 's', lang: 'zh-Hans' as const, token: '', nowMillis: 1_700_000_000_000 };

/**
 * A fetch that records the request and answers with `body` and `status`. Like a real fetch it
 * sends the request body first: ky 1.9 waits for that body to be consumed before it settles.
 */
function answering(status: number, body: string) {
  const seen: Request[] = [];
  const fetch: HttpFetch = async (request) => {
    seen.push(request.clone());
    await request.arrayBuffer();
    return new Response(body, { status });
  };
  return { fetch, seen };
}

describe('the wire', () => {
  it('joins apiUrl and the call path the way links do, keeping a base path', () => {
    expect(callUrl('https://api.shop.test/', '/api/x')).toBe('https://api.shop.test/api/x');
    expect(callUrl('https://api.shop.test/v1', '/api/x')).toBe('https://api.shop.test/v1/api/x');
    expect(callUrl('', '/api/x')).toBe(new URL('/api/x', window.location.href).toString());
  });

  it('hands every status and its body on, JSON parsed and anything else as text', async () => {
    const json = answering(500, '{"code":0}');
    await expect(createTransport(json.fetch)({ call: post, baseURL: '', body: {}, sign })).resolves.toEqual({ status: 500, data: { code: 0 } });
    const html = answering(502, '<h1>Bad gateway</h1>');
    await expect(createTransport(html.fetch)({ call: post, baseURL: '', body: {}, sign })).resolves.toEqual({ status: 502, data: '<h1>Bad gateway</h1>' });
    expect(html.seen).toHaveLength(1);
  });

  it('puts a GET payload in the query, leaving absent fields out', async () => {
    const { fetch, seen } = answering(200, '{}');
    await createTransport(fetch)({ call: get, baseURL: '', body: { id: 5, q: 'tea', none: undefined, nil: null }, sign });
    const url = new URL(seen[0].url);
    expect(seen[0].method).toBe('GET');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: '5', q: 'tea' });
  });

  it('reports a network failure as such', async () => {
    const offline: HttpFetch = async (request) => {
      await request.text();
      throw new TypeError('Failed to fetch');
    };
    const error = await createTransport(offline)({ call: post, baseURL: '', body: {}, sign }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'network' });
  });
});
