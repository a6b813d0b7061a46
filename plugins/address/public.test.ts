import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { addressContract } from './contract';
import { DONGCHENG, newAddress } from './fixtures';
import address from './server';
import { addressForOrder, defaultAddressId } from './public';
import { runCommand } from '@kernel/server/operator-options';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['address'] });
});
afterAll(() => t.close());

describe('what the order plugin reads (plugins/address/public.ts)', () => {
  it("snapshots the shopper's own address inside the caller's transaction", async () => {
    const ann = await t.createUser();
    const { body } = await t.call(addressContract.save, newAddress({ name: '王五', ...DONGCHENG, detail: '东四大街2号' }), { token: ann.token });
    const snapshot = await t.db.transaction().execute((tx) => addressForOrder(tx, ann.id, body.data.id));
    expect(snapshot).toEqual({
      name: '王五',
      mobile: '13800138000',
      province: '北京市',
      city: '市辖区',
      district: '东城区',
      detail: '东四大街2号',
      full_address: '北京市东城区 东四大街2号',
    });
  });

  it("answers null for another shopper's address or one that does not exist", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const { body } = await t.call(addressContract.save, newAddress(), { token: bob.token });
    expect(await addressForOrder(t.db, ann.id, body.data.id)).toBeNull();
    expect(await addressForOrder(t.db, ann.id, 999_999)).toBeNull();
  });

  it('names the default address, or null for a shopper without addresses', async () => {
    const ann = await t.createUser();
    expect(await defaultAddressId(t.db, ann.id)).toBeNull();
    const first = (await t.call(addressContract.save, newAddress(), { token: ann.token })).body.data;
    const second = (await t.call(addressContract.save, newAddress({ is_default: 1 }), { token: ann.token })).body.data;
    expect(await defaultAddressId(t.db, ann.id)).toBe(second.id);
    await t.call(addressContract.remove, { id: second.id }, { token: ann.token });
    expect(await defaultAddressId(t.db, ann.id)).toBe(first.id);
  });
});

describe('storefront address list <username>', () => {
  const command = address.commands!.find((c) => c.command.startsWith('address list'))!;
  const run = (username: string) => {
    const ctx = { db: t.db, services: t.services, settings: { maxAddresses: 20 }, site: t.site.current().file.site, siteName: 'test', extensions: t.app.storefront.extensions, t: (key: string) => key };
    return runCommand(command, { args: [username], options: {}, ctx });
  };

  it("shows a shopper's addresses, the default first, and refuses an unknown shopper", async () => {
    const cat = await t.createUser({ username: 'cat' });
    await t.call(addressContract.save, newAddress({ name: '猫' }), { token: cat.token });
    const { lines, data } = await run('cat');
    expect(lines).toEqual([expect.stringMatching(/^\d+ \(default\) {2}猫 {2}13800138000 {2}广东省深圳市南山区 科技园路1号$/)]);
    expect(data).toMatchObject([{ name: '猫', is_default: 1 }]);
    await t.createUser({ username: 'dan' });
    expect((await run('dan')).lines).toEqual(['shopper `dan` has no addresses in site `test`']);
    await expect(run('nobody')).rejects.toThrow('shopper `nobody` does not exist in site `test`');
  });
});
