import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { addressContract, type SaveAddress } from './contract';
import { DONGCHENG, NANSHAN, newAddress } from './fixtures';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['address'], now: Date.UTC(2025, 4, 1) });
});
afterAll(() => t.close());

const as = (user: TestUser, lang?: string) => ({ token: user.token, lang });
const save = (user: TestUser, payload: SaveAddress, lang?: string) => t.call(addressContract.save, payload, as(user, lang));
const saved = async (user: TestUser, payload: SaveAddress = newAddress()) => {
  const { body } = await save(user, payload);
  expect(body.code).toBe(1);
  return body.data;
};
const list = async (user: TestUser) => (await t.call(addressContract.list, {}, as(user))).body.data;

describe('POST /api/address/save', () => {
  it('adds an address with the area names the tree gives its codes; the first one is the default', async () => {
    const ann = await t.createUser();
    const { status, body } = await save(ann, newAddress({ name: ' 张三 ', mobile: ' 13800138000', detail: ' 科技园路1号 ' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      code: 1,
      data: {
        name: '张三',
        mobile: '13800138000',
        province: '广东省',
        city: '深圳市',
        district: '南山区',
        ...NANSHAN,
        detail: '科技园路1号',
        full_address: '广东省深圳市南山区 科技园路1号',
        is_default: 1,
        created_at: Date.UTC(2025, 4, 1) / 1000,
      },
    });
  });

  it('updates an address in place when the id is the shopper’s own', async () => {
    const ann = await t.createUser();
    const first = await saved(ann);
    t.clock.advance(60_000);
    const edited = await saved(ann, newAddress({ id: first.id, name: '李四', ...DONGCHENG, detail: '东四大街2号' }));
    expect(edited).toMatchObject({ id: first.id, name: '李四', province: '北京市', city: '市辖区', district: '东城区', full_address: '北京市东城区 东四大街2号' });
    expect(edited.updated_at).toBe(first.updated_at + 60);
    expect(edited.created_at).toBe(first.created_at);
    expect(await list(ann)).toEqual([edited]);
  });

  it("refuses to update another shopper's address, and changes nothing", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const bobs = await saved(bob);
    const { body } = await save(ann, newAddress({ id: bobs.id, name: '冒名' }), 'en');
    expect(body).toMatchObject({ code: 0, msg: 'This address does not exist or was deleted' });
    expect(await list(bob)).toEqual([bobs]);
    expect(await list(ann)).toEqual([]);
  });

  const refusals: [string, Partial<SaveAddress>, RegExp][] = [
    ['a blank contact', { name: '   ' }, /^Please enter a contact of 1–20 characters$/],
    ['a contact over 20 characters', { name: '名'.repeat(21) }, /^(?!name\b)./],
    ['a mobile that is not 11 mainland digits', { mobile: '1380013800' }, /^(?!mobile\b)./],
    ['a malformed area code', { district_code: 'abc' }, /^Please choose the area$/],
    ['an area code the tree does not have', { district_code: '440399' }, /^This area does not exist/],
    ['real codes that are not one chain', { ...NANSHAN, city_code: DONGCHENG.city_code }, /^This area does not exist/],
    ['a district of another city', { ...NANSHAN, district_code: DONGCHENG.district_code }, /^This area does not exist/],
    ['a street of one character', { detail: '号' }, /^Please enter a street address of 2–120 characters$/],
    ['a street over 120 characters', { detail: '路'.repeat(121) }, /^(?!detail\b)./],
  ];
  it.each(refusals)('refuses %s with code 0 naming the field, and writes nothing', async (_case, fields, message) => {
    const ann = await t.createUser();
    const { status, body } = await save(ann, newAddress(fields), 'en');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.msg).toMatch(message);
    expect(await list(ann)).toEqual([]);
  });

  it('says so in Chinese when the request is in Chinese', async () => {
    const ann = await t.createUser();
    expect((await save(ann, newAddress({ detail: '号' }))).body.msg).toBe('请填写详细地址（2-120个字）');
    expect((await save(ann, newAddress({ district_code: '440399' }))).body.msg).toBe('所在地区无效，请重新选择省 / 市 / 区');
  });

  it('refuses an edit with a bad field and leaves the address as it was', async () => {
    const ann = await t.createUser();
    const first = await saved(ann);
    expect((await save(ann, newAddress({ id: first.id, mobile: '12345' }))).body.code).toBe(0);
    expect(await list(ann)).toEqual([first]);
  });

  it('keeps at most 20 addresses a shopper', async () => {
    const ann = await t.createUser();
    for (let i = 1; i <= 20; i++) await saved(ann, newAddress({ detail: `科技园路${i}号` }));
    expect((await save(ann, newAddress(), 'en')).body).toMatchObject({ code: 0, msg: 'Your address book is full: at most 20 addresses' });
    expect(await list(ann)).toHaveLength(20);
    // Editing one of the twenty is still fine.
    const [one] = await list(ann);
    expect((await save(ann, newAddress({ id: one.id, detail: '新街1号' }))).body.code).toBe(1);
  });
});

describe('POST /api/address/list and /api/address/detail', () => {
  it('lists only the shopper’s own addresses, the default first, then the newest', async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const first = await saved(ann, newAddress({ detail: '一号路1号' }));
    t.clock.advance(1000);
    const second = await saved(ann, newAddress({ detail: '二号路2号' }));
    t.clock.advance(1000);
    const third = await saved(ann, newAddress({ detail: '三号路3号' }));
    await saved(bob);
    expect((await list(ann)).map((a) => a.id)).toEqual([first.id, third.id, second.id]);
    expect((await list(ann)).map((a) => a.is_default)).toEqual([1, 0, 0]);
  });

  it("reads one of the shopper's addresses, and refuses another shopper's", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const mine = await saved(ann);
    expect((await t.call(addressContract.detail, { id: mine.id }, as(ann))).body).toMatchObject({ code: 1, data: mine });
    expect((await t.call(addressContract.detail, { id: mine.id }, as(bob, 'en'))).body).toMatchObject({
      code: 0,
      msg: 'This address does not exist or was deleted',
      data: null,
    });
  });

  it('answers 401 without a token, for every call', async () => {
    for (const call of Object.values(addressContract)) {
      expect((await t.call(call.path, { id: 1, ...newAddress() })).status).toBe(401);
    }
  });

  it('answers "plugin disabled" while the site switches address off', async () => {
    const ann = await t.createUser();
    await t.setPlugins({ address: false });
    try {
      const { body } = await t.call(addressContract.list, {}, as(ann));
      expect(body.code).toBe(0);
      expect(body.msg).toContain('address');
    } finally {
      await t.setPlugins({ address: true });
    }
  });
});

describe('POST /api/address/setDefault and /api/address/delete', () => {
  it('moves the default to the chosen address and answers the list', async () => {
    const ann = await t.createUser();
    const first = await saved(ann);
    const second = await saved(ann);
    const { body } = await t.call(addressContract.setDefault, { id: second.id }, as(ann));
    expect(body.code).toBe(1);
    expect(body.data.map((a) => [a.id, a.is_default])).toEqual([
      [second.id, 1],
      [first.id, 0],
    ]);
  });

  it('deletes an address and answers the list', async () => {
    const ann = await t.createUser();
    const first = await saved(ann);
    const second = await saved(ann);
    const { body } = await t.call(addressContract.remove, { id: second.id }, as(ann));
    expect(body).toMatchObject({ code: 1, data: [{ id: first.id, is_default: 1 }] });
    expect((await t.call(addressContract.remove, { id: second.id }, as(ann))).body.code).toBe(0);
  });

  it("refuses to delete or set as default another shopper's address, and changes nothing", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const bobFirst = await saved(bob);
    const bobSecond = await saved(bob);
    await saved(ann);
    const before = await list(bob);
    for (const call of [addressContract.remove, addressContract.setDefault]) {
      const { body } = await t.call(call, { id: bobSecond.id }, as(ann, 'en'));
      expect(body).toMatchObject({ code: 0, msg: 'This address does not exist or was deleted' });
    }
    expect(await list(bob)).toEqual(before);
    expect(before.find((a) => a.is_default)?.id).toBe(bobFirst.id);
  });

  it('refuses ids that are not positive integers', async () => {
    const ann = await t.createUser();
    for (const id of [0, -1, 1.5, 'x']) {
      const { status, body } = await t.call(addressContract.remove.path, { id }, as(ann, 'en'));
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      expect(body.msg).toMatch(/^(?!id\b)./);
    }
  });
});
