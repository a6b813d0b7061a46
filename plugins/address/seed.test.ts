import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { authContract } from '@plugins/auth/contract';
import { addressContract } from './contract';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['address'], seed: true });
});
afterAll(() => t.close());

describe('address demo data', () => {
  it('gives the demo shopper a default address, so the demo can check out at once', async () => {
    const { body } = await t.call(authContract.login, { account: 'demo', password: 'demo123456' });
    const list = await t.call(addressContract.list, {}, { token: body.data.userinfo.token });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        name: '演示用户',
        mobile: '13800138000',
        full_address: '广东省深圳市南山区 科技园路1号 优选大厦8楼',
        is_default: 1,
      }),
    ]);
  });

  it('gives nobody else one', async () => {
    const rows = await t.db.selectFrom('address_address').select('user_id').execute();
    expect(rows).toHaveLength(1);
  });
});
