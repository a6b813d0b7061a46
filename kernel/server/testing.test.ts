import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kernelContract } from '../core/kernel.contract';
import { fakeProject, fanPlugin, wishPlugin } from './fake-project';
import { createTestServer, type TestServer } from './testing';

const project = fakeProject({ wish: wishPlugin, fan: fanPlugin });
afterAll(() => project.remove());

describe('the test harness', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ root: project.root, plugins: ['fan'], settings: { wish: { limit: 7 } }, site: { siteName: '测试店' } });
  });
  afterAll(() => t.close());

  it('enables the asked plugins plus what they require, with the given settings and site fields', async () => {
    const { body } = await t.call(kernelContract.index);
    expect(body.data.plugins.map((p) => p.id)).toEqual(['wish', 'fan']);
    expect(body.data.site.siteName).toBe('测试店');
    expect(t.site.settings('wish')).toEqual({ limit: 7 });
  });

  it('logs in with a password and creates users with opening balances', async () => {
    const ann = await t.createUser({ username: 'ann', password: 'pass1234', mobile: '13700137000', money: 250, score: 9 });
    const again = await t.login('13700137000', 'pass1234');
    expect(again.id).toBe(ann.id);
    expect(again.token).not.toBe(ann.token);
    expect(await t.services.users.info(ann.id)).toMatchObject({ money: '2.50', score: 9 });
    await expect(t.login('ann', 'wrong')).rejects.toThrow('test login failed');
  });

  it('signs with its own clock, so moving the clock keeps calls valid', async () => {
    t.clock.advance(24 * 3600_000);
    expect((await t.call(kernelContract.index)).status).toBe(200);
  });

  it('reads codes from the outbox', async () => {
    await t.services.codes.send({ channel: 'email', target: 'a@b.cn', event: 'bind', ip: '1.1.1.1', lang: 'en' });
    expect(await t.lastCode('a@b.cn')).toMatch(/^\d{6}$/);
    await expect(t.lastCode('nobody@b.cn')).rejects.toThrow('no code was delivered to nobody@b.cn');
  });
});

describe('the test harness without options', () => {
  it('enables every plugin of the root and cleans up after itself', async () => {
    const t = await createTestServer({ root: project.root });
    expect(t.site.current().enabled).toEqual(['wish', 'fan']);
    await t.close();
    const fs = await import('node:fs');
    expect(fs.existsSync(t.dataDir)).toBe(false);
  });
});
