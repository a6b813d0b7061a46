/**
 * The team's members (`POST /api/team/members`): two levels apart, newest first, paged, searched
 * by nickname, username or mobile, each with a masked mobile, join time and paid orders; only
 * ever the caller's own team.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { STATUS, type OrderStatus } from '@plugins/order/states';
import type {} from '@plugins/order/tables';
import { teamContract } from './contract';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['team', 'order'], now: new Date('2026-03-02T02:00:00Z') });
});
afterAll(() => t.close());

const members = (who: TestUser, payload: { level?: 1 | 2; keyword?: string; page?: number; limit?: number } = {}) =>
  t.call(teamContract.members, payload, { token: who.token });
/** Nicknames of a page of the caller's team. */
const names = async (who: TestUser, payload: Parameters<typeof members>[1] = {}) => {
  const { body } = await members(who, payload);
  expect(body.code).toBe(1);
  return body.data.list.map((m) => m.nickname);
};

let n = 0;
/** A shopper who registers a minute after the last one, invited by `parent`. */
async function joins(parent: TestUser | null, fields: { nickname?: string; username?: string; mobile?: string } = {}): Promise<TestUser> {
  t.clock.advance(60_000);
  return t.createUser({ username: fields.username ?? `team${++n}t${Date.now() % 100_000}`, parentId: parent?.id ?? null, ...fields });
}

let orders = 0;
/** An order of `userId` as the order plugin holds it; paid unless it is still placed. */
async function order(userId: number, status: OrderStatus, paid = status !== STATUS.placed) {
  const now = t.clock.nowSeconds();
  await t.db
    .insertInto('order_order')
    .values({
      order_no: `2026030210${String(++orders).padStart(10, '0')}`, user_id: userId, status, goods_amount: 9900, adjust_amount: 0, pay_amount: 9900, adjustments: '[]', quantity: 1,
      source: 'buy', consignee: '王小明', mobile: '13800138000', address: '广东省深圳市南山区 科技园路1号', remark: '', invoice: '', created_at: now, pay_deadline: now + 1800,
      paid_at: paid ? now + 60 : null, shipped_at: null, expected_delivery_at: null, received_at: null, completed_at: null, cancelled_at: status === STATUS.cancelled ? now + 120 : null,
    })
    .execute();
}

describe('POST /api/team/members', () => {
  it('lists those the shopper invited on level 1 and those they invited on level 2, each level apart, newest first', async () => {
    const ann = await joins(null);
    const bob = await joins(ann, { nickname: '小白' });
    const cid = await joins(ann, { nickname: '小陈' });
    const dan = await joins(bob, { nickname: '小丁' });
    await joins(cid, { nickname: '小鄂' });
    await joins(dan, { nickname: '小方' }); // level 3: not in ann's team pages
    await joins(null, { nickname: '路人' });

    expect(await names(ann)).toEqual(['小陈', '小白']);
    expect(await names(ann, { level: 1 })).toEqual(['小陈', '小白']);
    expect(await names(ann, { level: 2 })).toEqual(['小鄂', '小丁']);
    expect((await members(ann, { level: 2 })).body.data).toMatchObject({ total: 2, page: 1, limit: 20 });
    // Bob's own team: Dan, and Dan's invitee one level down.
    expect(await names(bob)).toEqual(['小丁']);
    expect(await names(bob, { level: 2 })).toEqual(['小方']);
  });

  it("shows each member's masked mobile (empty without one), join time, paid orders and the commission they brought", async () => {
    const ann = await joins(null);
    const bob = await joins(ann, { nickname: '小白', mobile: '13800138000' });
    const bobJoined = t.clock.nowSeconds();
    const cid = await joins(ann, { nickname: '小陈' });
    const cidJoined = t.clock.nowSeconds();
    await order(bob.id, STATUS.paid);
    await order(bob.id, STATUS.shipped);
    await order(bob.id, STATUS.completed);
    // Not counted: unpaid, cancelled after paying, refunded, and the inviter's own orders.
    await order(bob.id, STATUS.placed);
    await order(bob.id, STATUS.cancelled);
    await order(bob.id, STATUS.refunded);
    await order(ann.id, STATUS.paid);
    // The commission bob brought ann: frozen and credited count, reversed and taken back do not, nor another earner's.
    const now = t.clock.nowSeconds();
    const earned = (orderId: number, userId: number, amount: number, state: 'frozen' | 'available' | 'reversed' | 'clawed') =>
      ({ order_id: orderId, order_no: `T${orderId}`, buyer_id: bob.id, user_id: userId, level: 1, base: amount * 10, rate: 1000, amount, state, release_at: null, created_at: now, released_at: null, reversed_at: null, clawed_at: null });
    await t.db.insertInto('team_commission').values([earned(901, ann.id, 100, 'frozen'), earned(902, ann.id, 200, 'available'), earned(903, ann.id, 500, 'reversed'), earned(904, ann.id, 700, 'clawed'), earned(905, cid.id, 900, 'frozen')]).execute();

    const { body } = await members(ann);
    expect(body.data.list).toEqual([
      { id: cid.id, nickname: '小陈', avatar: '', mobile: '', joined_at: cidJoined, orders: 0, commission: '0.00' },
      { id: bob.id, nickname: '小白', avatar: '', mobile: '138****8000', joined_at: bobJoined, orders: 3, commission: '3.00' },
    ]);
    expect(JSON.stringify(body)).not.toContain('13800138000');
  });

  it('shows the username of a member without a nickname', async () => {
    const ann = await joins(null);
    const bob = await joins(ann, { username: 'bob_plain' });
    await t.db.updateTable('kernel_user').set({ nickname: '' }).where('id', '=', bob.id).execute();
    expect(await names(ann)).toEqual(['bob_plain']);
  });

  it('pages the team newest first, with the total on every page', async () => {
    const ann = await joins(null);
    for (const nickname of ['一号', '二号', '三号', '四号', '五号']) await joins(ann, { nickname });
    const page = async (p: number) => (await members(ann, { page: p, limit: 2 })).body.data;
    expect(await page(1)).toMatchObject({ total: 5, page: 1, limit: 2, list: [{ nickname: '五号' }, { nickname: '四号' }] });
    expect(await page(2)).toMatchObject({ total: 5, page: 2, list: [{ nickname: '三号' }, { nickname: '二号' }] });
    expect((await page(3)).list.map((m) => m.nickname)).toEqual(['一号']);
    expect(await page(4)).toMatchObject({ total: 5, list: [] });
  });

  it('orders members who joined in the same second by who registered last', async () => {
    const ann = await joins(null);
    const bob = await t.createUser({ username: `same_a_${Date.now() % 100_000}`, nickname: '同秒甲', parentId: ann.id });
    const cid = await t.createUser({ username: `same_b_${Date.now() % 100_000}`, nickname: '同秒乙', parentId: ann.id });
    expect(cid.id).toBeGreaterThan(bob.id);
    expect(await names(ann)).toEqual(['同秒乙', '同秒甲']);
  });

  it('searches by nickname, username or mobile, trimmed and case-insensitive, on the chosen level only', async () => {
    const ann = await joins(null);
    const bob = await joins(ann, { nickname: '小林', username: 'LinBob', mobile: '13700137000' });
    await joins(ann, { nickname: '阿美', username: 'amei', mobile: '13900139001' });
    await joins(bob, { nickname: '林二', username: 'lin_two' });

    expect(await names(ann, { keyword: '  林 ' })).toEqual(['小林']);
    expect(await names(ann, { keyword: 'linbob' })).toEqual(['小林']);
    expect(await names(ann, { keyword: '7000' })).toEqual(['小林']);
    expect(await names(ann, { keyword: '13' })).toEqual(['阿美', '小林']);
    expect(await names(ann, { level: 2, keyword: '林' })).toEqual(['林二']);
    expect((await members(ann, { keyword: '1390013' })).body.data).toMatchObject({ total: 1, list: [{ nickname: '阿美', mobile: '139****9001' }] });
    expect((await members(ann, { keyword: '没有这个人' })).body.data).toMatchObject({ total: 0, list: [] });
    // Blank is no search.
    expect(await names(ann, { keyword: '   ' })).toEqual(['阿美', '小林']);
  });

  it('matches % and _ in a keyword as themselves, not as wildcards', async () => {
    const ann = await joins(null);
    await joins(ann, { nickname: '100%满意' });
    await joins(ann, { nickname: '100分' });
    await joins(ann, { nickname: 'a_b' });
    await joins(ann, { nickname: 'axb' });
    await joins(ann, { nickname: 'c\\d' });
    expect(await names(ann, { keyword: '100%' })).toEqual(['100%满意']);
    expect(await names(ann, { keyword: '%' })).toEqual(['100%满意']);
    expect(await names(ann, { keyword: 'a_b' })).toEqual(['a_b']);
    expect(await names(ann, { keyword: '_' })).toEqual(['a_b']);
    expect(await names(ann, { keyword: 'c\\d' })).toEqual(['c\\d']);
  });

  it("never shows another shopper's team, whatever the payload says", async () => {
    const ann = await joins(null);
    const zed = await joins(null);
    await joins(ann, { nickname: '安的朋友' });
    const zedFriend = await joins(zed, { nickname: '泽的朋友' });
    await joins(zedFriend, { nickname: '泽的二级' });

    expect(await names(ann)).toEqual(['安的朋友']);
    expect(await names(ann, { level: 2 })).toEqual([]);
    expect(await names(ann, { keyword: '泽' })).toEqual([]);
    // A user id in the payload is not the caller's to choose.
    const spoofed = await t.call(teamContract.members.path, { user_id: zed.id, level: 1 }, { token: ann.token });
    expect((spoofed.body as { data: { list: { nickname: string }[] } }).data.list.map((m) => m.nickname)).toEqual(['安的朋友']);
    expect(await names(zed)).toEqual(['泽的朋友']);
    expect(await names(zed, { level: 2 })).toEqual(['泽的二级']);
  });

  it('answers 401 without a token and refuses a level other than 1 or 2', async () => {
    expect((await t.call(teamContract.members, { level: 1 })).status).toBe(401);
    const ann = await joins(null);
    expect((await t.call(teamContract.members.path, { level: 3 }, { token: ann.token })).body.code).toBe(0);
  });
});
