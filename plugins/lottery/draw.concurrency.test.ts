import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { lotteryContract } from './contract';
import { balance, points, setWheel, thanks } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['lottery'], now: Date.UTC(2025, 4, 1, 4), settings: { lottery: { drawCost: 10, dailyDraws: 100 } } });
});
afterAll(() => t.close());

const draw = (user: TestUser) => t.call(lotteryContract.draw, {}, { token: user.token, lang: 'en' });
const atOnce = <T>(n: number, run: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => run(i)));
const debits = (user: TestUser) =>
  t.db.selectFrom('kernel_ledger').selectAll().where('user_id', '=', user.id).where('reason', '=', 'lottery:ledger.draw').execute();

describe('draws at the same time', () => {
  it('20 draws at once by a shopper with points for exactly 3 → 3 draws, 3 debits, never below zero', async () => {
    await setWheel(t.db, [thanks(1)]);
    const ann = await t.createUser({ score: 30 });
    const replies = await atOnce(20, () => draw(ann));
    const done = replies.filter((r) => r.body.code === 1);
    expect(done).toHaveLength(3);
    expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(Array(17).fill('Lottery score not enough: each draw costs 10 points'));
    expect(done.map((r) => r.body.data.score).sort()).toEqual([0, 10, 20]);
    expect(await debits(ann)).toHaveLength(3);
    expect(await t.db.selectFrom('lottery_draw').select('id').where('user_id', '=', ann.id).execute()).toHaveLength(3);
    const { rows } = await t.services.ledger.history(t.db, { userId: ann.id, account: 'score', page: 1, limit: 50 });
    expect(rows.every((r) => r.balanceAfter >= 0)).toBe(true);
    expect(await t.services.ledger.balance(t.db, ann.id, 'score')).toBe(0);
    expect(await t.violations()).toEqual([]);
  });

  it('a prize with stock 1, drawn by many shoppers at once, is awarded once', async () => {
    await setWheel(t.db, [balance(8_800, 1_000_000, 1)], thanks(1));
    const shoppers = await atOnce(30, () => t.createUser({ score: 10 }));
    const replies = await atOnce(30, (i) => draw(shoppers[i]));
    expect(replies.every((r) => r.body.code === 1)).toBe(true);
    const kinds = replies.map((r) => r.body.data.draw.kind);
    expect(kinds.filter((k) => k === 'balance')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'thanks')).toHaveLength(29);
    const winner = shoppers[kinds.indexOf('balance')];
    expect(await t.services.ledger.balance(t.db, winner.id, 'money')).toBe(8_800);
    const credited = await t.db.selectFrom('kernel_ledger').select('user_id').where('reason', '=', 'lottery:ledger.prize').where('account', '=', 'money').execute();
    expect(credited.filter((r) => shoppers.some((s) => s.id === r.user_id))).toHaveLength(1);
    expect((await t.db.selectFrom('lottery_prize').select('stock').where('slot', '=', 0).executeTakeFirstOrThrow()).stock).toBe(0);
    expect(await t.violations()).toEqual([]);
  });

  it('a crowd drawing several times each: a prize of stock 7 is won 7 times, each draw paid once, no failure', async () => {
    await setWheel(t.db, [points(50, 1000, 7)], thanks(1));
    const shoppers = await atOnce(10, () => t.createUser({ score: 40 }));
    const replies = await atOnce(40, (i) => draw(shoppers[i % 10]));
    expect(replies.every((r) => r.status === 200 && r.body.code === 1)).toBe(true);
    expect(replies.filter((r) => r.body.data.draw.kind === 'score')).toHaveLength(7);
    expect((await t.db.selectFrom('lottery_prize').select('stock').where('slot', '=', 0).executeTakeFirstOrThrow()).stock).toBe(0);
    for (const shopper of shoppers) {
      const won = (await t.db.selectFrom('lottery_draw').select('kind').where('user_id', '=', shopper.id).execute()).filter((d) => d.kind === 'score').length;
      expect(await debits(shopper)).toHaveLength(4);
      expect(await t.services.ledger.balance(t.db, shopper.id, 'score')).toBe(40 - 4 * 10 + won * 50);
    }
    expect(await t.violations()).toEqual([]);
  });

  it('keeps the daily limit however many draws arrive at once', async () => {
    await t.editSite((file) => {
      file.plugins.lottery = { enabled: true, settings: { drawCost: 10, dailyDraws: 5 } };
    });
    try {
      await setWheel(t.db, [points(1, 1)]);
      const ann = await t.createUser({ score: 1000 });
      const replies = await atOnce(15, () => draw(ann));
      expect(replies.filter((r) => r.body.code === 1)).toHaveLength(5);
      expect(new Set(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg))).toEqual(new Set(['No draws left today (5 a day): come back tomorrow']));
      expect(await debits(ann)).toHaveLength(5);
      expect(await t.services.ledger.balance(t.db, ann.id, 'score')).toBe(1000 - 5 * 10 + 5);
      expect(await t.violations()).toEqual([]);
    } finally {
      await t.editSite((file) => {
        file.plugins.lottery = { enabled: true, settings: { drawCost: 10, dailyDraws: 100 } };
      });
    }
  });
});
