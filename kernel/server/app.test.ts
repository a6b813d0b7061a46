import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kernelContract } from '../core/kernel.contract';
import { createApp } from './app';
import { fakeProject, fanPlugin, wishPlugin } from './fake-project';
import { createTestServer, type TestServer } from './testing';

const project = fakeProject({ wish: wishPlugin, fan: fanPlugin });
let t: TestServer;

beforeAll(async () => {
  t = await createTestServer({ root: project.root, now: Date.UTC(2025, 0, 15, 16, 30) });
});
afterAll(async () => {
  await t.close();
  project.remove();
});

describe('the API host', () => {
  it('hashes new passwords at the production cost when nothing lowers it, as `storefront start` runs', async () => {
    project.write('config/sites/prod.json', JSON.stringify({ app: { key: 'k', secret: 's' }, plugins: { wish: { enabled: true }, fan: { enabled: true } } }));
    const app = await createApp({ root: project.root, dataDir: path.join(project.root, 'data-prod'), site: 'prod' });
    try {
      expect(await app.storefront.services.passwords.hash('secret123')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await app.close();
    }
  });

  it('answers in the envelope with the server clock', async () => {
    const { status, body } = await t.call(kernelContract.serverTime, {});
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 1,
      msg: '',
      time: String(Date.UTC(2025, 0, 15, 16, 30) / 1000),
      data: { time: Date.UTC(2025, 0, 15, 16, 30) / 1000, timezone: 'Asia/Shanghai', date: '2025-01-16' },
    });
  });

  it("lists the site and the enabled plugins' descriptors in load order, without their settings schemas", async () => {
    const { body } = await t.call(kernelContract.index);
    expect(body.code).toBe(1);
    expect(body.data.site.siteName).toBe('Test Store');
    expect(body.data.site.upload.maxsize).toBe('10mb');
    expect(body.data.plugins).toEqual([
      { id: 'wish', version: '1.0.0' },
      { id: 'fan', version: '0.1.0', requires: ['wish'] },
    ]);
  });

  it('treats an empty body as an empty payload', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/index/index',
      headers: { ...t.signedHeaders(), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(1);
  });

  it('answers broken JSON with code 0, not an HTTP error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/fan/cheer',
      headers: { ...t.signedHeaders(), 'content-type': 'application/json' },
      payload: '{"oops"',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, msg: '参数错误' });
  });

  it('answers an unknown call with 404 in the envelope', async () => {
    const { status, body } = await t.call('/api/nothing/here', {}, { lang: 'en' });
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 0, msg: 'The call /api/nothing/here does not exist', data: null });
  });

  it('answers an unexpected failure with 500 in the envelope', async () => {
    const { status, body } = await t.call('/api/wish/boom', {});
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 0, msg: '服务器内部错误！' });
  });

  it('translates business errors of a plugin into the request language', async () => {
    const ann = await t.createUser({ username: 'fulluser' });
    await t.editSite((file) => {
      file.plugins.wish.settings = { limit: 0 };
    });
    const zh = await t.call('/api/wish/add', { mobile: '13800138000', title: 'x' }, { token: ann.token });
    const en = await t.call('/api/wish/add', { mobile: '13800138000', title: 'x' }, { token: ann.token, lang: 'en-US' });
    expect(zh.body).toMatchObject({ code: 0, msg: '最多 0 个心愿' });
    expect(en.body).toMatchObject({ code: 0, msg: 'At most 0 wishes' });
    await t.editSite((file) => {
      delete file.plugins.wish.settings;
    });
  });

  it('answers CORS preflights without asking for a signature', async () => {
    const response = await t.app.inject({ method: 'OPTIONS', url: '/api/wish/add' });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(String(response.headers['access-control-allow-headers'])).toContain('Authorization');
  });
});

describe('concurrent requests', () => {
  it('never overdraws a balance through the API: balance equals the sum of the ledger rows', async () => {
    const rich = await t.createUser({ money: 500 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.call<{ money: number }>('/api/wish/spend', { amount: 30, ref: `pay-${i}` }, { token: rich.token })),
    );
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(16);
    expect(replies.filter((r) => r.body.code === 0).every((r) => r.body.msg === '余额不足')).toBe(true);
    const { money } = await t.db.selectFrom('kernel_user').select('money').where('id', '=', rich.id).executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('kernel_ledger').select('amount').where('user_id', '=', rich.id).execute();
    expect(money).toBe(20);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(money);
  });
});
