import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '@kernel/core/errors';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { authSettings } from '../settings';
import { subjectOf, type ThirdIdentity, type ThirdProvider } from './provider';
import { enabledProvider, enabledProviders } from './registry';
import { forgetTicket, verifiedIdentity } from './tickets';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['auth'] });
});
afterAll(() => t.close());

const settings = authSettings.parse({ thirdLogin: ['fake'] });
const ctx = (ip = '127.0.0.1') => ({ db: t.db, services: t.services, settings, ip });

/** A platform answering from a table of codes, counting how often it is asked. */
function fakeProvider(codes: Record<string, ThirdIdentity | Error>): ThirdProvider & { asked: string[] } {
  const asked: string[] = [];
  return {
    id: 'fake',
    name: { 'zh-Hans': '测试平台', en: 'Test platform' },
    authorizeUrl: ({ state }) => `https://platform.test/authorize?state=${state}`,
    asked,
    async verify(uuid) {
      asked.push(uuid);
      const answer = codes[uuid];
      if (!answer || answer instanceof Error) throw answer ?? new Error('unknown code');
      return answer;
    },
  };
}

const refusal = (running: Promise<unknown>) => running.then(() => 'no refusal', (e: unknown) => (e instanceof BizError ? e.key : String(e)));

describe('verified identities', () => {
  it('asks the platform once per code and keeps what it said ten minutes, until used up', async () => {
    const provider = fakeProvider({ c1: { openid: 'o1', unionid: 'u1', nickname: 'Ann', avatar: 'https://platform.test/a.png' } });
    const first = await verifiedIdentity(ctx(), provider, 'c1');
    expect(first).toEqual({ openid: 'o1', unionid: 'u1', nickname: 'Ann', avatar: 'https://platform.test/a.png' });
    expect(await verifiedIdentity(ctx(), provider, 'c1')).toEqual(first);
    expect(provider.asked).toEqual(['c1']);
    t.clock.advance(10 * 60_000 + 1000);
    await verifiedIdentity(ctx(), provider, 'c1');
    expect(provider.asked).toEqual(['c1', 'c1']);
    await forgetTicket(ctx(), provider, 'c1');
    await verifiedIdentity(ctx(), provider, 'c1');
    expect(provider.asked).toHaveLength(3);
  });

  it("turns the platform's failure (network, a used code, no open id) into the spec's error", async () => {
    const provider = fakeProvider({ down: new Error('ECONNRESET'), empty: { openid: '' } });
    for (const code of ['down', 'empty', 'never-issued']) expect(await refusal(verifiedIdentity(ctx(), provider, code))).toBe('auth:message.third_openid_failed');
  });

  it('stops asking the platform after 20 failed codes from one address within 15 minutes; successes do not count', async () => {
    const provider = fakeProvider(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`good-${i}`, { openid: `fine-${i}` }])));
    for (let i = 0; i < 30; i++) await verifiedIdentity(ctx('10.9.0.1'), provider, `good-${i}`);
    for (let i = 0; i < 20; i++) expect(await refusal(verifiedIdentity(ctx('10.9.0.1'), provider, `guess-${i}`))).toBe('auth:message.third_openid_failed');
    expect(await refusal(verifiedIdentity(ctx('10.9.0.1'), provider, 'guess-20'))).toBe('kernel:message.too_many');
    expect(provider.asked.filter((code) => code.startsWith('guess'))).toHaveLength(20);
    // Another address is not held up.
    expect(await refusal(verifiedIdentity(ctx('10.9.0.2'), provider, 'guess-21'))).toBe('auth:message.third_openid_failed');
    t.clock.advance(15 * 60_000 + 1000);
    expect(await refusal(verifiedIdentity(ctx('10.9.0.1'), provider, 'guess-22'))).toBe('auth:message.third_openid_failed');
  });

  it('fills what the platform left out with empty strings', async () => {
    const provider = fakeProvider({ bare: { openid: 'only-open' } });
    expect(await verifiedIdentity(ctx(), provider, 'bare')).toEqual({ openid: 'only-open', unionid: '', nickname: '', avatar: '' });
  });
});

describe('one identity', () => {
  it('is the union id when the platform gives one, else the open id', () => {
    expect(subjectOf({ openid: 'o', unionid: 'u' })).toBe('u');
    expect(subjectOf({ openid: 'o', unionid: '' })).toBe('o');
    expect(subjectOf({ openid: 'o' })).toBe('o');
  });
});

describe('the registry', () => {
  const a = fakeProvider({});
  const b = { ...fakeProvider({}), id: 'other' };
  it("offers the site's platforms in the setting's order, leaving out ids no provider has", () => {
    expect(enabledProviders({ thirdLogin: ['other', 'nothing', 'fake'] }, [a, b]).map((p) => p.id)).toEqual(['other', 'fake']);
    expect(enabledProviders({ thirdLogin: [] }, [a, b])).toEqual([]);
  });

  it('refuses a platform the site does not offer beside `type`', () => {
    expect(enabledProvider({ thirdLogin: ['fake'] }, 'fake', [a, b])).toBe(a);
    expect(() => enabledProvider({ thirdLogin: ['fake'] }, 'other', [a, b])).toThrow(expect.objectContaining({ key: 'auth:message.third_type_disabled', data: { field: 'type' } }));
  });
});
