import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperatorCommand } from '@kernel/server/plugin';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { couponContract } from '@plugins/coupon/contract';
import { runOperator } from '../../cli/commands/operator';
import coupon from '../coupon/server';
import { lotteryContract } from './contract';
import { balance, points, setWheel, thanks } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['lottery'], now: Date.UTC(2025, 4, 1, 4), settings: { lottery: { drawCost: 10, dailyDraws: 5 } } });
});
afterAll(() => t.close());
beforeEach(() => setWheel(t.db, [points(50, 1)]));

const draw = (user: TestUser, lang?: string, payload: { user_id?: number } = {}) => t.call(lotteryContract.draw, payload, { token: user.token, lang });
const wheel = (user: TestUser, lang?: string) => t.call(lotteryContract.wheel, {}, { token: user.token, lang });
const mine = (user: TestUser, page = 1) => t.call(lotteryContract.prizes, { page, limit: 10 }, { token: user.token });
const score = (user: TestUser) => t.services.ledger.balance(t.db, user.id, 'score');
const money = (user: TestUser) => t.services.ledger.balance(t.db, user.id, 'money');
const couponCommand = (name: string, args: string[] = [], options: Record<string, unknown> = {}) =>
  runOperator(t.app, coupon as never, coupon.commands!.find((c) => c.command.startsWith(`coupon ${name}`)) as OperatorCommand, args, options);
const createCoupon = async (name: string) =>
  ((await couponCommand('create', [], { name, kind: 'any', amount: '5', total: '100', days: '7', hidden: true })).data as { id: number }).id;
const drawRows = (user: TestUser) => t.db.selectFrom('lottery_draw').selectAll().where('user_id', '=', user.id).execute();

describe('POST /api/lottery/wheel', () => {
  it('shows eight prizes with labels in the request language, but no weights or stock', async () => {
    await setWheel(t.db, [points(50, 3, 10), balance(500, 1, 0), { ...thanks(2), label: '再来一次' }]);
    const ann = await t.createUser({ score: 25 });
    const { body } = await wheel(ann);
    expect(body.code).toBe(1);
    expect(body.data.prizes).toHaveLength(8);
    expect(body.data.prizes.slice(0, 4)).toEqual([
      { slot: 0, kind: 'score', amount: 50, label: '50积分', available: true },
      { slot: 1, kind: 'balance', amount: '5.00', label: '5元余额', available: false },
      { slot: 2, kind: 'thanks', amount: 0, label: '再来一次', available: true },
      // weight 0: on the wheel, never drawn
      { slot: 3, kind: 'thanks', amount: 0, label: '谢谢参与', available: false },
    ]);
    expect(JSON.stringify(body.data.prizes)).not.toMatch(/weight|stock/);
    expect(body.data).toMatchObject({ cost: 10, dailyDraws: 5, drawsLeft: 5, score: 25 });
    expect((await wheel(ann, 'en')).body.data.prizes.slice(0, 2).map((p) => p.label)).toEqual(['50 points', '¥5 balance']);
    await setWheel(t.db, [points(1, 1)]);
    expect((await wheel(ann, 'en')).body.data.prizes[0].label).toBe('1 point');
  });

  it('answers 401 without a token', async () => {
    expect((await t.call(lotteryContract.wheel, {})).status).toBe(401);
    expect((await t.call(lotteryContract.draw, {})).status).toBe(401);
    expect((await t.call(lotteryContract.prizes, {})).status).toBe(401);
  });
});

describe('POST /api/lottery/draw', () => {
  it('debits the cost, credits the prize through the ledger and logs the draw', async () => {
    const ann = await t.createUser({ score: 25 });
    const { body } = await draw(ann);
    expect(body).toMatchObject({ code: 1, data: { draw: { slot: 0, kind: 'score', amount: 50, label: '50积分', cost: 10 }, drawsLeft: 4, score: 65, money: '0.00' } });
    expect(await score(ann)).toBe(65);
    const ledger = await t.services.ledger.history(t.db, { userId: ann.id, account: 'score', page: 1, limit: 10 });
    expect(ledger.rows.slice(0, 2).map((r) => [r.amount, r.reason, r.ref])).toEqual([
      [50, 'lottery:ledger.prize', String(body.data.draw.id)],
      [-10, 'lottery:ledger.draw', String(body.data.draw.id)],
    ]);
    expect(await drawRows(ann)).toMatchObject([{ slot: 0, kind: 'score', amount: 50, cost: 10, business_date: '2025-05-01' }]);
    expect(await t.violations()).toEqual([]);
  });

  it('credits a balance prize to the balance, which equals its ledger', async () => {
    await setWheel(t.db, [balance(188, 1, 5)]);
    const ann = await t.createUser({ score: 10, money: 1000 });
    expect((await draw(ann)).body.data).toMatchObject({ draw: { kind: 'balance', amount: '1.88', label: '1.88元余额' }, score: 0, money: '11.88' });
    expect(await money(ann)).toBe(1188);
    const { rows } = await t.services.ledger.history(t.db, { userId: ann.id, account: 'money', page: 1, limit: 10 });
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(1188);
    expect((await t.db.selectFrom('lottery_prize').select('stock').where('slot', '=', 0).executeTakeFirstOrThrow()).stock).toBe(4);
    expect(await t.violations()).toEqual([]);
  });

  it('never lets the points a draw wins pay for that draw', async () => {
    const ann = await t.createUser({ score: 5 });
    expect((await draw(ann)).body).toMatchObject({ code: 0, msg: '抽奖积分不足，每次抽奖需要 10 积分' });
    expect(await score(ann)).toBe(5);
  });

  it('grants a coupon prize through the coupon plugin, once per draw', async () => {
    const couponId = await createCoupon('无门槛5元');
    await setWheel(t.db, [{ ...thanks(1), kind: 'coupon', couponId, stock: 2, label: '无门槛5元' }]);
    const ann = await t.createUser({ score: 30 });
    expect((await draw(ann)).body.data).toMatchObject({ draw: { kind: 'coupon', amount: 0, label: '无门槛5元' }, score: 20 });
    expect((await draw(ann)).body.data.draw.kind).toBe('coupon');
    const copies = (await t.call(couponContract.mine, { state: 'unused' }, { token: ann.token })).body.data.list;
    expect(copies.map((c) => c.coupon.name)).toEqual(['无门槛5元', '无门槛5元']);
    // Stock 2 is used up: the third draw cannot win it, and nothing else is on the wheel.
    expect((await draw(ann)).body.code).toBe(0);
    expect(await score(ann)).toBe(10);
    expect(await t.violations()).toEqual([]);
  });

  it('puts a coupon prize back when its coupon can no longer be granted, and draws another', async () => {
    const couponId = await createCoupon('满100减10');
    await couponCommand('disable', [String(couponId)]);
    await setWheel(t.db, [{ ...thanks(1_000_000), kind: 'coupon', couponId, stock: 5 }, thanks(1)]);
    const ann = await t.createUser({ score: 10 });
    expect((await draw(ann)).body.data).toMatchObject({ draw: { slot: 1, kind: 'thanks' }, score: 0 });
    expect((await t.db.selectFrom('lottery_prize').select('stock').where('slot', '=', 0).executeTakeFirstOrThrow()).stock).toBe(5);
    expect((await mine(ann)).body.data.total).toBe(1);
    expect((await t.call(couponContract.mine, { state: 'unused' }, { token: ann.token })).body.data.list).toEqual([]);
  });

  it('lists my prizes newest first, paged, and only mine', async () => {
    await setWheel(t.db, [thanks(1)]);
    const [ann, bob] = [await t.createUser({ score: 100 }), await t.createUser({ score: 100 })];
    await draw(ann);
    await setWheel(t.db, [points(5, 1)]);
    t.clock.advance(60_000);
    await draw(ann);
    const { body } = await mine(ann);
    expect(body.data).toMatchObject({ total: 2, page: 1 });
    expect(body.data.list.map((d) => [d.kind, d.label])).toEqual([['score', '5积分'], ['thanks', '谢谢参与']]);
    expect(body.data.list[0].created_at - body.data.list[1].created_at).toBe(60);
    expect((await mine(bob)).body.data).toMatchObject({ list: [], total: 0 });
  });

  it('keeps what a draw won when the slot is changed later', async () => {
    const ann = await t.createUser({ score: 10 });
    await draw(ann);
    await setWheel(t.db, [balance(100, 1)]);
    expect((await mine(ann)).body.data.list[0]).toMatchObject({ kind: 'score', amount: 50, label: '50积分' });
  });

  it('refuses "lottery score not enough" in the request language and changes nothing', async () => {
    await setWheel(t.db, [points(50, 1, 3)]);
    const ann = await t.createUser({ score: 9 });
    expect((await draw(ann, 'en')).body).toMatchObject({ code: 0, msg: 'Lottery score not enough: each draw costs 10 points' });
    expect((await draw(ann)).body).toMatchObject({ code: 0, msg: '抽奖积分不足，每次抽奖需要 10 积分' });
    expect(await score(ann)).toBe(9);
    expect(await drawRows(ann)).toEqual([]);
    expect((await wheel(ann)).body.data).toMatchObject({ drawsLeft: 5, score: 9 });
    expect((await t.db.selectFrom('lottery_prize').select('stock').where('slot', '=', 0).executeTakeFirstOrThrow()).stock).toBe(3);
  });

  it("refuses to draw for another shopper's user_id", async () => {
    const [ann, bob] = [await t.createUser({ score: 50 }), await t.createUser({ score: 50 })];
    expect((await draw(ann, undefined, { user_id: bob.id })).status).toBe(403);
    expect([await score(ann), await score(bob)]).toEqual([50, 50]);
    expect((await draw(ann, undefined, { user_id: ann.id })).body.code).toBe(1);
  });

  it('refuses when nothing on the wheel can be won, and changes nothing', async () => {
    await setWheel(t.db, [points(50, 1, 0), { ...balance(100, 5), enabled: false }]);
    const ann = await t.createUser({ score: 50 });
    expect((await draw(ann, 'en')).body).toMatchObject({ code: 0, msg: 'Every prize has been won: please come back later' });
    expect(await score(ann)).toBe(50);
    expect((await wheel(ann)).body.data.drawsLeft).toBe(5);
  });

  it('never draws a prize of weight 0, used up, or switched off', async () => {
    await setWheel(t.db, [points(1, 0), balance(100, 50, 0), { ...points(7, 50), enabled: false }, thanks(1)]);
    const users = await Promise.all(Array.from({ length: 20 }, () => t.createUser({ score: 50 })));
    for (const user of users) for (let i = 0; i < 5; i++) expect((await draw(user)).body.data.draw.slot).toBe(3);
    expect(await t.violations()).toEqual([]);
  });

  it('draws each prize about as often as its weight says', async () => {
    await t.editSite((file) => {
      file.plugins.lottery = { enabled: true, settings: { drawCost: 0, dailyDraws: 1000 } };
    });
    try {
      await setWheel(t.db, [thanks(1), thanks(3)]);
      const ann = await t.createUser();
      const slots = [0, 0];
      for (let i = 0; i < 400; i++) slots[(await draw(ann)).body.data.draw.slot]++;
      // 25 % ± a generous margin: crypto randomness, a test that must not be flaky.
      expect(slots[0]).toBeGreaterThan(60);
      expect(slots[0]).toBeLessThan(140);
    } finally {
      await t.editSite((file) => {
        file.plugins.lottery = { enabled: true, settings: { drawCost: 10, dailyDraws: 5 } };
      });
    }
  });

  it('allows `dailyDraws` a business day (Asia/Shanghai), then again the next day', async () => {
    t.clock.set(Date.UTC(2025, 5, 1, 15, 0)); // 23:00 in Shanghai
    const ann = await t.createUser({ score: 1000 });
    for (let i = 4; i >= 0; i--) expect((await draw(ann)).body.data.drawsLeft).toBe(i);
    expect((await draw(ann, 'en')).body).toMatchObject({ code: 0, msg: 'No draws left today (5 a day): come back tomorrow' });
    expect(await score(ann)).toBe(1000 - 50 + 5 * 50);
    t.clock.set(Date.UTC(2025, 5, 1, 16, 0)); // midnight in Shanghai
    expect((await wheel(ann)).body.data.drawsLeft).toBe(5);
    expect((await draw(ann)).body.data.drawsLeft).toBe(4);
  });

  it('answers "plugin disabled" while the site switches lottery off', async () => {
    const ann = await t.createUser({ score: 50 });
    await t.setPlugins({ lottery: false });
    try {
      const { body } = await draw(ann);
      expect(body.code).toBe(0);
      expect(body.msg).toContain('lottery');
      expect(await score(ann)).toBe(50);
    } finally {
      await t.setPlugins({ lottery: true });
    }
  });
});
