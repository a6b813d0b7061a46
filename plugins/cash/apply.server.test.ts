import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { cashContract } from './contract';
import { CARDS } from './fixtures';
import { moveCash } from './review';
import { cashFixture, type CashFixture } from './testing';

let f: CashFixture;
beforeAll(async () => {
  f = await cashFixture({ feeRate: 60, dailyLimit: 0 });
});
afterAll(() => f.t.close());
afterEach(() => f.expectBooksBalance());

const as = (user: TestUser, lang?: string) => ({ token: user.token, lang });
const apply = (user: TestUser, amount: unknown, bank_id: number, extra: Record<string, unknown> = {}, lang?: string) =>
  f.t.call(cashContract.applyCash, { amount, bank_id, ...extra } as never, as(user, lang));
const rows = (user: TestUser) => f.t.db.selectFrom('cash_withdrawal').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
const ledger = (user: TestUser) =>
  f.t.db.selectFrom('kernel_ledger').select(['amount', 'reason', 'ref', 'memo']).where('user_id', '=', user.id).where('reason', 'like', 'cash:%').orderBy('id').execute();

/** A shopper with `money` fen and one card (中国农业银行). */
async function shopperWithCard(money: number) {
  const user = await f.shopper(money);
  return { user, card: await f.card(user) };
}

describe('POST /api/account/applyCash', () => {
  it('holds the amount at once: a pending cash-out and its ledger debit, fee and what reaches the card computed by the server', async () => {
    const { user, card } = await shopperWithCard(50_000);
    const { body } = await apply(user, '100.01', card.id, { fee: '0.00', actual: '100.01' });
    expect(body).toMatchObject({
      code: 1,
      data: { state: 0, state_text: '待审核', amount: '100.01', fee: '0.61', actual: '99.40', bank: '中国农业银行', card: `**** **** **** ${CARDS.abc.slice(-4)}`, holder: '王小明', reason: '', money: '399.99' },
    });
    expect(body.data.createtime).toBe(Date.parse('2026-03-02T02:00:00Z') / 1000);
    expect(JSON.stringify(body)).not.toContain(CARDS.abc.slice(0, 8));
    const [row] = await rows(user);
    expect([row.state, row.amount, row.fee, row.actual, row.card_no]).toEqual([0, 10_001, 61, 9_940, CARDS.abc]);
    expect(await ledger(user)).toEqual([{ amount: -10_001, reason: 'cash:ledger.apply', ref: String(row.id), memo: `中国农业银行 ****${CARDS.abc.slice(-4)}` }]);
    expect(await f.money(user)).toBe(39_999);
  });

  it('takes the amount as a number too', async () => {
    const { user, card } = await shopperWithCard(5_000);
    expect((await apply(user, 12.5, card.id)).body.data).toMatchObject({ amount: '12.50', fee: '0.08', actual: '12.42' });
  });

  it('refuses a cash-out under ¥10 with the minimum named, and changes nothing', async () => {
    const { user, card } = await shopperWithCard(5_000);
    expect((await apply(user, '9.99', card.id)).body).toMatchObject({ code: 0, msg: '最低提现金额为 ¥10.00' });
    expect((await apply(user, '9.99', card.id, {}, 'en')).body.msg).toBe('The minimum cash-out is ¥10.00');
    expect(await rows(user)).toEqual([]);
    expect(await f.money(user)).toBe(5_000);
    expect((await apply(user, '10', card.id)).body.code).toBe(1);
  });

  it.each([['0'], ['-10'], ['10.001'], ['abc'], [''], ['1e3'], [null]])('refuses the amount %j naming the field, and changes nothing', async (amount) => {
    const { user, card } = await shopperWithCard(5_000);
    const { status, body } = await apply(user, amount, card.id, {}, 'en');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.msg).toMatch(/^(?!amount\b)./);
    expect(await rows(user)).toEqual([]);
    expect(await f.money(user)).toBe(5_000);
  });

  it('refuses more than a single cash-out may be', async () => {
    const { user, card } = await shopperWithCard(10_000_000);
    expect((await apply(user, '50000.01', card.id)).body).toMatchObject({ code: 0, msg: '单笔最多提现 ¥50000.00' });
    expect(await rows(user)).toEqual([]);
  });

  it('says "balance not enough" when short, and keeps no cash-out', async () => {
    const { user, card } = await shopperWithCard(1_999);
    expect((await apply(user, '20', card.id)).body).toMatchObject({ code: 0, msg: '余额不足' });
    expect(await rows(user)).toEqual([]);
    expect(await f.money(user)).toBe(1_999);
  });

  it('lets five of twenty cash-outs sent at once through when the balance covers five; it never goes below zero', async () => {
    const { user, card } = await shopperWithCard(5_000);
    const replies = await Promise.all(Array.from({ length: 20 }, () => apply(user, '10.00', card.id)));
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(5);
    expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(Array(15).fill('余额不足'));
    expect(await f.money(user)).toBe(0);
    const held = await rows(user);
    expect(held.map((r) => [r.state, r.amount])).toEqual(Array(5).fill([0, 1_000]));
    const booked = await ledger(user);
    expect(booked.map((l) => l.amount)).toEqual(Array(5).fill(-1_000));
    expect(new Set(booked.map((l) => l.ref))).toEqual(new Set(held.map((r) => String(r.id))));
    const balances = await f.t.db.selectFrom('kernel_ledger').select('balance_after').where('user_id', '=', user.id).execute();
    expect(balances.every((b) => Number(b.balance_after) >= 0)).toBe(true);
  });

  it('makes one cash-out of the same submission sent 20 times at once, answering all 20 alike', async () => {
    const { user, card } = await shopperWithCard(50_000);
    const replies = await Promise.all(Array.from({ length: 20 }, () => apply(user, '100', card.id, { request_key: 'visit-key-0001' })));
    expect(replies.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    expect(new Set(replies.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(replies[0].body.data.money).toBe('400.00');
    expect(await rows(user)).toHaveLength(1);
    expect(await f.money(user)).toBe(40_000);
    expect((await apply(user, '100', card.id, { request_key: 'visit-key-0002' })).body.data.money).toBe('300.00');
  });

  it('refuses a submission key sent again with another amount, and holds nothing more', async () => {
    const { user, card } = await shopperWithCard(50_000);
    expect((await apply(user, '100', card.id, { request_key: 'visit-key-0003' })).body.code).toBe(1);
    expect((await apply(user, '200', card.id, { request_key: 'visit-key-0003' })).body).toMatchObject({ code: 0, msg: '这个请求已用于另一笔操作，请刷新后重试' });
    expect(await rows(user)).toHaveLength(1);
    expect(await f.money(user)).toBe(40_000);
  });

  it('lets a submission refused for the balance go through with its key once the balance is topped up', async () => {
    const { user, card } = await shopperWithCard(5_000);
    expect((await apply(user, '100', card.id, { request_key: 'visit-key-0004' })).body).toMatchObject({ code: 0, msg: expect.stringContaining('余额不足') });
    await f.t.db.transaction().execute((tx) => f.t.services.ledger.credit(tx, { userId: user.id, account: 'money', amount: 10_000, reason: 'kernel:ledger.test', ref: `top-up-${user.id}` }));
    expect((await apply(user, '100', card.id, { request_key: 'visit-key-0004' })).body).toMatchObject({ code: 1, data: { amount: '100.00', money: '50.00' } });
    expect(await rows(user)).toHaveLength(1);
  });

  it("refuses another shopper's card and another shopper's user_id, and changes nothing", async () => {
    const ann = await shopperWithCard(50_000);
    const bob = await shopperWithCard(50_000);
    expect((await apply(ann.user, '100', bob.card.id)).body).toMatchObject({ code: 0, msg: '银行卡不存在或已删除' });
    expect((await apply(ann.user, '100', bob.card.id, { user_id: bob.user.id })).status).toBe(403);
    expect((await apply(ann.user, '100', ann.card.id, { user_id: bob.user.id })).status).toBe(403);
    expect([...(await rows(ann.user)), ...(await rows(bob.user))]).toEqual([]);
    expect([await f.money(ann.user), await f.money(bob.user)]).toEqual([50_000, 50_000]);
  });

  it('refuses past the daily count, and takes cash-outs again the next business day', async () => {
    const { user, card } = await shopperWithCard(50_000);
    await f.t.editSite((file) => {
      file.plugins.cash = { enabled: true, settings: { feeRate: 60, dailyLimit: 2 } };
    });
    try {
      expect((await apply(user, '10', card.id)).body.code).toBe(1);
      const replies = await Promise.all(Array.from({ length: 4 }, () => apply(user, '10', card.id)));
      expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1);
      expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(Array(3).fill('今日提现次数已达上限（2 次），请明天再试'));
      expect(await rows(user)).toHaveLength(2);
      expect(await f.money(user)).toBe(48_000);
      // 02:00 UTC is 10:00 in Shanghai: the next business day starts 14 hours later.
      f.t.clock.advance(14 * 3_600_000);
      const tomorrow = await f.t.login(user.username, user.password); // the old token has expired
      expect((await apply(tomorrow, '10', card.id)).body.code).toBe(1);
    } finally {
      await f.t.editSite((file) => {
        file.plugins.cash = { enabled: true, settings: { feeRate: 60, dailyLimit: 0 } };
      });
    }
  });

  it('keeps a card with an unpaid cash-out until it is paid', async () => {
    const { user, card } = await shopperWithCard(50_000);
    const { id } = (await apply(user, '100', card.id)).body.data;
    const del = () => f.t.call(cashContract.delBankCard, { bank_id: card.id }, as(user));
    expect((await del()).body).toMatchObject({ code: 0, msg: '这张银行卡还有未到账的提现，到账后才能删除' });
    await moveCash(f.t.db, f.t.services, id, 'approve');
    expect((await del()).body.code).toBe(0);
    await moveCash(f.t.db, f.t.services, id, 'pay');
    expect((await del()).body.code).toBe(1);
    // The log still shows where the money went.
    expect((await f.t.call(cashContract.cashLog, {}, as(user))).body.data.list[0]).toMatchObject({ bank: '中国农业银行', card: `**** **** **** ${CARDS.abc.slice(-4)}`, state: 3 });
  });
});

describe('POST /api/account/cashInfo', () => {
  it("tells the caller's balance and the site's rules", async () => {
    const { user, card } = await shopperWithCard(12_345);
    await apply(user, '10', card.id);
    expect((await f.t.call(cashContract.cashInfo, {}, as(user))).body.data).toEqual({
      money: '113.45',
      min_amount: '10.00',
      max_amount: '50000.00',
      fee_rate: 60,
      daily_limit: 0,
      today_count: 1,
      pending: '10.00',
    });
    expect((await f.t.call(cashContract.cashInfo, { user_id: user.id + 1 }, as(user))).status).toBe(403);
  });

  it('tells how much the cash-outs hold until they are paid: pending and approved, not paid or rejected', async () => {
    const { user, card } = await shopperWithCard(100_000);
    const pending = async () => (await f.t.call(cashContract.cashInfo, {}, as(user))).body.data.pending;
    expect(await pending()).toBe('0.00');
    const ids = [];
    for (const amount of ['10', '20.50', '30', '40']) ids.push((await apply(user, amount, card.id)).body.data.id);
    expect(await pending()).toBe('100.50');
    await moveCash(f.t.db, f.t.services, ids[0], 'approve');
    expect(await pending()).toBe('100.50');
    await moveCash(f.t.db, f.t.services, ids[0], 'pay');
    await moveCash(f.t.db, f.t.services, ids[1], 'reject', '银行卡信息有误');
    expect(await pending()).toBe('70.00');
  });
});

describe('POST /api/account/cashLog', () => {
  it("lists the caller's cash-outs newest first, with state text, amounts, card and reason, in pages", async () => {
    const { user, card } = await shopperWithCard(100_000);
    const ids: number[] = [];
    for (const amount of ['10', '20', '30']) {
      ids.push((await apply(user, amount, card.id)).body.data.id);
      f.t.clock.advance(60_000);
    }
    await moveCash(f.t.db, f.t.services, ids[0], 'reject', '银行卡信息有误');
    const page = async (n: number, lang?: string) => (await f.t.call(cashContract.cashLog, { page: n, limit: 2, user_id: user.id }, as(user, lang))).body.data;
    const first = await page(1);
    expect(first.total).toBe(3);
    expect(first.list.map((r) => [r.amount, r.state_text])).toEqual([
      ['30.00', '待审核'],
      ['20.00', '待审核'],
    ]);
    const [rejected] = (await page(2, 'en')).list;
    expect(rejected).toMatchObject({ id: ids[0], amount: '10.00', fee: '0.06', actual: '9.94', state: 2, state_text: 'Rejected', reason: '银行卡信息有误', bank: '中国农业银行' });
    expect(rejected.reviewtime).toBeGreaterThan(rejected.createtime);
    expect(rejected.paytime).toBeNull();
  });

  it("never shows another shopper's cash-outs", async () => {
    const ann = await shopperWithCard(50_000);
    const bob = await f.shopper();
    await apply(ann.user, '10', ann.card.id);
    expect((await f.t.call(cashContract.cashLog, {}, as(bob))).body.data).toMatchObject({ list: [], total: 0 });
    expect((await f.t.call(cashContract.cashLog, { user_id: ann.user.id }, as(bob))).status).toBe(403);
  });
});
