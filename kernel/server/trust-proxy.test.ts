/**
 * Which X-Forwarded-* headers the server believes. Trusted, X-Forwarded-Proto/Host make the
 * uploads' `fullurl` name the shop's public address; untrusted (the default) they are ignored.
 * Per-IP limits behind a proxy: plugins/auth/trust-proxy.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { multipart, PNG } from './test-multipart';
import { createTestServer, type TestServer } from './testing';
import { fastifyTrustProxy, parseTrustProxy, type TrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('reads true, a hop count, or addresses and CIDR ranges', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8 , ::1, fd00::/8,loopback ')).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('names every entry that is neither an address nor a range', () => {
    expect(() => parseTrustProxy('10.0.0.0/8,nginx,10.0.0.0/33,1.2.3.4/8/1')).toThrow('"nginx", "10.0.0.0/33", "1.2.3.4/8/1" are not an IP address or CIDR range');
  });

  it('gives Fastify a hop count as "the nearest hops", which its own count would not trust at all', () => {
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([trust('10.1.0.5', 0), trust('203.0.113.7', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(undefined)).toBe(false);
  });
});

describe("an upload's fullurl behind a proxy", () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  async function uploadThroughProxy(trustProxy: TrustProxy | undefined) {
    const t = await createTestServer({ plugins: [], trustProxy });
    servers.push(t);
    const ann = await t.createUser();
    const { body, contentType } = multipart(PNG, 'a.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ajax/uploadApp',
      remoteAddress: '10.1.0.5',
      headers: { ...t.signedHeaders(), 'content-type': contentType, token: ann.token, host: 'node-2:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example', 'x-forwarded-for': '203.0.113.7' },
      payload: body,
    });
    return (response.json() as { data: { fullurl: string } }).data.fullurl;
  }

  it("names the shop's public address when the proxy is trusted", async () => {
    expect(await uploadThroughProxy(['10.1.0.0/16'])).toMatch(/^https:\/\/shop\.example\/uploads\//);
    expect(await uploadThroughProxy(1)).toMatch(/^https:\/\/shop\.example\/uploads\//);
  });

  it('names the address the request reached when it is not', async () => {
    expect(await uploadThroughProxy(undefined)).toMatch(/^http:\/\/node-2:8080\/uploads\//);
    expect(await uploadThroughProxy(['192.0.2.0/24'])).toMatch(/^http:\/\/node-2:8080\/uploads\//);
  });
});
