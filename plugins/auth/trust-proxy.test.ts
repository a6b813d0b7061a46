/**
 * Behind a reverse proxy every login comes from the proxy's address. Trusted (`trustProxy`), its
 * X-Forwarded-For gives each shopper their own per-IP login limit; untrusted (the default) the
 * header is ignored, so nobody dodges the limit by forging it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { TrustProxy } from '@kernel/server/trust-proxy';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { LOGIN_IP_LIMIT } from './service';

const PROXY = '10.1.0.5';
const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A login sent by `from` for the shopper at `shopper`: the reply's code. */
async function login(t: TestServer, account: string, password: string, shopper: string, from: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: from,
    headers: { ...t.signedHeaders(), 'content-type': 'application/json', 'x-forwarded-for': shopper },
    payload: JSON.stringify({ account, password }),
  });
  return (response.json() as { code: number }).code;
}

/** The shopper at 203.0.113.7 spends the per-IP failures; then each of the two logs in, or is held. */
async function exhaustThenLogin(trustProxy: TrustProxy | undefined, from = PROXY) {
  const t = await createTestServer({ plugins: ['auth'], trustProxy });
  servers.push(t);
  await t.createUser({ username: 'ivy', password: 'ivy123456' });
  for (let i = 0; i < LOGIN_IP_LIMIT; i++) await login(t, `guess${i}`, 'wrong-pass', '203.0.113.7', from);
  return {
    spender: await login(t, 'ivy', 'ivy123456', '203.0.113.7', from),
    another: await login(t, 'ivy', 'ivy123456', '198.51.100.9', from),
  };
}

describe('the login limit behind a proxy', () => {
  it('is per shopper when the proxy is trusted', async () => {
    expect(await exhaustThenLogin(['10.1.0.0/16'])).toEqual({ spender: 0, another: 1 });
  });

  it('is shared when the proxy is not trusted (the default): the header is ignored', async () => {
    expect(await exhaustThenLogin(undefined)).toEqual({ spender: 0, another: 0 });
  });

  it('ignores the header from a client that is not the trusted proxy (a forged X-Forwarded-For)', async () => {
    expect(await exhaustThenLogin(['10.1.0.0/16'], '192.0.2.44')).toEqual({ spender: 0, another: 0 });
  });
});
