import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { walletContract } from './contract';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['wallet'], now: new Date('2026-03-02T02:00:00Z') });
});
afterAll(() => t.close());
// Every test leaves balance = ledger and score = ledger.
afterEach(async () => {
  expect(await t.violations()).toEqual([]);
});

let refs = 0;
/** Books through the kernel's ledger, as any plugin would: positive credits, negative debits. */
async function book(user: TestUser, account: 'money' | 'score', amount: number, reason = 'kernel:ledger.grant', memo = '') {
  await t.db.transaction().execute(async (tx) => {
    const entry = { userId: user.id, account, amount: Math.abs(amount), reason, ref: `wallet-test-${++refs}`, memo };
    await (amount > 0 ? t.services.ledger.credit(tx, entry) : t.services.ledger.debit(tx, entry));
  });
  t.clock.advance(60_000);
}

const balance = (user: TestUser, payload: Record<string, unknown> = {}, lang?: string) =>
  t.call(walletContract.balance, payload as never, { token: user.token, lang });
const integral = (user: TestUser, payload: Record<string, unknown> = {}, lang?: string) =>
  t.call(walletContract.integral, payload as never, { token: user.token, lang });

describe('POST /api/account/balance', () => {
  it('answers the balance and the money ledger newest first, in yuan with a sign, each reason in words', async () => {
    const ann = await t.createUser({ money: 10_000 });
    await book(ann, 'money', -1_250, 'auth:ledger.welcome');
    await book(ann, 'money', 5_000, 'kernel:ledger.grant', 'card 1234');
    const { status, body } = await balance(ann, { page: 1, limit: 10, user_id: ann.id, type: 0 });
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ money: '137.50', total: 3, page: 1, limit: 10 });
    expect(body.data.list.map((r) => [r.amount, r.balance_after, r.reason, r.memo])).toEqual([
      ['+50.00', '137.50', '系统发放', 'card 1234'],
      ['-12.50', '87.50', '新人礼包', ''],
      ['+100.00', '100.00', '系统发放', ''],
    ]);
    const times = body.data.list.map((r) => r.createtime);
    expect(times[0] - times[1]).toBe(60);

    const english = await balance(ann, {}, 'en');
    expect(english.body.data.list.map((r) => r.reason)).toEqual(['Granted by the system', 'Welcome gift', 'Granted by the system']);
  });

  it('filters: type 1 keeps money in, type 2 money out', async () => {
    const ann = await t.createUser({ money: 10_000 });
    await book(ann, 'money', -300);
    await book(ann, 'money', 700);
    await book(ann, 'money', -200);
    const amounts = async (type: number | string) => (await balance(ann, { type })).body.data.list.map((r) => r.amount);
    expect(await amounts(0)).toEqual(['-2.00', '+7.00', '-3.00', '+100.00']);
    expect(await amounts(1)).toEqual(['+7.00', '+100.00']);
    expect(await amounts('2')).toEqual(['-2.00', '-3.00']);
    expect((await balance(ann, { type: 2 })).body.data.total).toBe(2);
  });

  it('pages through the ledger without gaps or repeats', async () => {
    const ann = await t.createUser();
    for (let i = 1; i <= 23; i += 1) await book(ann, 'money', i);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await balance(ann, { page, limit: 10 })).body.data);
    expect(pages.map((p) => p.list.length)).toEqual([10, 10, 3]);
    expect(pages.every((p) => p.total === 23)).toBe(true);
    const amounts = pages.flatMap((p) => p.list.map((r) => r.amount));
    expect(amounts).toEqual(Array.from({ length: 23 }, (_, i) => `+0.${String(23 - i).padStart(2, '0')}`));
    expect((await balance(ann, { page: 4, limit: 10 })).body.data.list).toEqual([]);
  });

  it("shows only the caller's rows, and refuses another shopper's user_id without reading anything", async () => {
    const ann = await t.createUser({ money: 500 });
    const bob = await t.createUser({ money: 90_000 });
    const mine = await balance(ann);
    expect(mine.body.data.money).toBe('5.00');
    expect(mine.body.data.list.map((r) => r.amount)).toEqual(['+5.00']);

    for (const call of [balance, integral]) {
      const refused = await call(ann, { user_id: bob.id });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 0, msg: '只能操作自己的账户', data: null });
    }
    expect((await balance(bob)).body.data.money).toBe('900.00');
  });

  it('answers 401 without a token', async () => {
    expect((await t.call(walletContract.balance, {})).status).toBe(401);
    expect((await t.call(walletContract.integral, {})).status).toBe(401);
  });

  it('refuses an unknown type, page or limit with code 0 naming the field', async () => {
    const ann = await t.createUser();
    const wrongType = await balance(ann, { type: 3 });
    expect(wrongType.body).toMatchObject({ code: 0, msg: '明细类型须为 0（全部）、1（收入）或 2（支出）' });
    expect((await balance(ann, { type: 'x' }, 'en')).body.msg).toBe('The entry type must be 0 (all), 1 (income) or 2 (expense)');
    expect((await balance(ann, { page: 0 })).body).toMatchObject({ code: 0, msg: expect.stringMatching(/^(?!page\b)./) });
    expect((await integral(ann, { limit: 51 })).body).toMatchObject({ code: 0, msg: expect.stringMatching(/^(?!limit\b)./) });
  });

  it('reads a reason nobody translates any more as plain income or expense, never as a key', async () => {
    const ann = await t.createUser({ money: 1_000 });
    await book(ann, 'money', 100, 'gone:ledger.bonus');
    await book(ann, 'money', -100, 'gone:ledger.fee');
    expect((await balance(ann)).body.data.list.slice(0, 2).map((r) => r.reason)).toEqual(['其他支出', '其他收入']);
    expect((await balance(ann, {}, 'en')).body.data.list.slice(0, 2).map((r) => r.reason)).toEqual(['Other expense', 'Other income']);
  });
});

describe('POST /api/account/integral', () => {
  it('answers the points and the score ledger as whole signed numbers, filtered and paged', async () => {
    const ann = await t.createUser({ score: 1_200, money: 100 });
    await book(ann, 'score', -200);
    await book(ann, 'score', 50);
    const all = (await integral(ann, { page: 1, limit: 2, user_id: ann.id })).body.data;
    expect(all).toMatchObject({ score: 1_050, total: 3, page: 1, limit: 2 });
    expect(all.list.map((r) => [r.amount, r.balance_after, r.reason])).toEqual([
      [50, 1_050, '系统发放'],
      [-200, 1_000, '系统发放'],
    ]);
    expect((await integral(ann, { page: 2, limit: 2 })).body.data.list.map((r) => r.amount)).toEqual([1_200]);
    expect((await integral(ann, { type: 2 })).body.data.list.map((r) => r.amount)).toEqual([-200]);
    expect((await integral(ann, { type: 1 })).body.data.list.map((r) => r.amount)).toEqual([50, 1_200]);
    // The money ledger is another account.
    expect((await balance(ann)).body.data.list.map((r) => r.amount)).toEqual(['+1.00']);
  });

  it('answers an empty ledger for a new shopper', async () => {
    const ann = await t.createUser();
    expect((await integral(ann)).body.data).toEqual({ score: 0, list: [], total: 0, page: 1, limit: 10 });
  });
});
