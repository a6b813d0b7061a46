import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '@kernel/server/testing';
import { disableBatch } from './batches';
import { cdkeyContract } from './contract';
import { cdkeyServer, issue, violations } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await cdkeyServer();
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await violations(t)).toEqual([]);
  // The next test starts with fresh attempt windows.
  t.clock.advance(11 * 60_000);
});

const redeem = (user: TestUser, card: string, password: string, more: { user_id?: number; lang?: string } = {}) =>
  t.call(cdkeyContract.applyCdkey, { card, password, ...(more.user_id === undefined ? {} : { user_id: more.user_id }) }, { token: user.token, lang: more.lang });
const account = (user: TestUser) => t.db.selectFrom('kernel_user').select(['money', 'score']).where('id', '=', user.id).executeTakeFirstOrThrow();
const ledger = (user: TestUser) => t.db.selectFrom('kernel_ledger').select(['account', 'amount', 'reason', 'ref', 'memo']).where('user_id', '=', user.id).orderBy('id').execute();
const card = (number: string) => t.db.selectFrom('cdkey_card').selectAll().where('card', '=', number).executeTakeFirstOrThrow();

describe('POST /api/user/applyCdkey', () => {
  it('credits a balance card once, through the ledger, and answers what it credited and the new balance', async () => {
    const ann = await t.createUser({ money: 1_000 });
    const [key] = (await issue(t, 'balance', 5_000)).cards;
    const { status, body } = await redeem(ann, key.card, key.password, { user_id: ann.id });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, data: { kind: 'balance', amount: '50.00', money: '60.00', score: 0 } });
    const used = await card(key.card);
    expect([used.used_by, used.used_at]).toEqual([ann.id, Math.floor(t.clock.now() / 1000)]);
    expect((await ledger(ann)).at(-1)).toEqual({ account: 'money', amount: 5_000, reason: 'cdkey:ledger.redeem', ref: String(used.id), memo: key.card });
  });

  it('credits a score card as points', async () => {
    const ann = await t.createUser({ score: 20 });
    const [key] = (await issue(t, 'score', 100)).cards;
    expect((await redeem(ann, key.card, key.password)).body.data).toEqual({ kind: 'score', amount: 100, money: '0.00', score: 120 });
    expect(await account(ann)).toEqual({ money: 0, score: 120 });
  });

  it('takes the card and password as printed or typed: spaces, dashes and lower case', async () => {
    const ann = await t.createUser();
    const [key] = (await issue(t, 'balance', 990)).cards;
    const spaced = key.card.replace(/(\d{4})(?=\d)/g, '$1 ');
    const dashed = `${key.password.slice(0, 4)}-${key.password.slice(4, 8)}-${key.password.slice(8)}`.toLowerCase();
    expect((await redeem(ann, ` ${spaced} `, dashed)).body.data).toMatchObject({ amount: '9.90', money: '9.90' });
  });

  it('redeems a card once: the same shopper or another gets "already used" and nothing more', async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const [key] = (await issue(t, 'balance', 5_000)).cards;
    expect((await redeem(ann, key.card, key.password)).body.code).toBe(1);
    expect((await redeem(ann, key.card, key.password)).body).toMatchObject({ code: 0, msg: '该卡密已被使用' });
    expect((await redeem(bob, key.card, key.password, { lang: 'en' })).body).toMatchObject({ code: 0, msg: 'This card key has already been used' });
    expect([(await account(ann)).money, (await account(bob)).money]).toEqual([5_000, 0]);
  });

  it('answers a wrong password and an unknown card alike, revealing neither, and changes nothing', async () => {
    const ann = await t.createUser();
    const [key] = (await issue(t, 'balance', 5_000)).cards;
    const wrongPassword = await redeem(ann, key.card, 'ABCDEFGHJKMN');
    const unknownCard = await redeem(ann, '1000000000000000', key.password);
    expect(wrongPassword.body).toEqual({ ...unknownCard.body, time: wrongPassword.body.time });
    expect(wrongPassword.body).toMatchObject({ code: 0, msg: '卡号或卡密错误', data: null });
    expect((await redeem(ann, key.card, 'nope', { lang: 'en' })).body.msg).toBe('Wrong card number or password');
    expect((await card(key.card)).used_by).toBeNull();
    expect(await ledger(ann)).toEqual([]);
  });

  it('slows down guessing: five tries per shopper in ten minutes, then "too many" even for the right password', async () => {
    const ann = await t.createUser();
    const [key] = (await issue(t, 'balance', 100)).cards;
    for (let i = 0; i < 5; i += 1) expect((await redeem(ann, key.card, `WRONG${i}`)).body.msg).toBe('卡号或卡密错误');
    expect((await redeem(ann, key.card, key.password)).body).toMatchObject({ code: 0, msg: '尝试次数过多，请 600 秒后再试' });
    t.clock.advance(5 * 60_000);
    expect((await redeem(ann, key.card, key.password, { lang: 'en' })).body.msg).toBe('Too many attempts, please try again in 300 seconds');
    t.clock.advance(5 * 60_000);
    expect((await redeem(ann, key.card, key.password)).body.code).toBe(1);
  });

  it('starts the count again after a success, so a shopper redeeming many cards is not held up', async () => {
    const ann = await t.createUser();
    const { cards } = await issue(t, 'score', 10, 8);
    for (const key of cards) {
      expect((await redeem(ann, key.card, 'WRONG')).body.msg).toBe('卡号或卡密错误');
      expect((await redeem(ann, key.card, key.password)).body.code).toBe(1);
    }
    expect((await account(ann)).score).toBe(80);
  });

  it('slows down guessing from one ip across accounts: twenty tries in ten minutes', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => t.createUser()));
    for (const user of users.slice(0, 4)) {
      for (let i = 0; i < 5; i += 1) expect((await redeem(user, '1000000000000000', 'WRONG')).body.msg).toBe('卡号或卡密错误');
    }
    expect((await redeem(users[4], '1000000000000000', 'WRONG')).body.msg).toMatch(/^尝试次数过多/);
  });

  it('says when a card expired (after the last day, Shanghai time) or its batch was disabled', async () => {
    // Valid through 2 March 2026 in Shanghai, which ends at 16:00 UTC; the clock is on that day.
    const endOfDay = Date.UTC(2026, 2, 2, 16);
    expect(t.clock.now()).toBeLessThan(endOfDay - 1_000);
    const { cards } = await issue(t, 'balance', 100, 2, { expiresAt: endOfDay / 1000 });
    t.clock.set(endOfDay - 1_000);
    const ann = await t.createUser();
    expect((await redeem(ann, cards[0].card, cards[0].password)).body.code).toBe(1);
    t.clock.advance(1_000);
    expect((await redeem(ann, cards[1].card, cards[1].password)).body).toMatchObject({ code: 0, msg: '该卡密已于 2026-03-02 过期' });
    expect((await redeem(ann, cards[1].card, cards[1].password, { lang: 'en' })).body.msg).toBe('This card key expired on 2026-03-02');

    const disabled = await issue(t, 'score', 100);
    await disableBatch(t.db, disabled.batchId, Math.floor(t.clock.now() / 1000));
    expect((await redeem(ann, disabled.cards[0].card, disabled.cards[0].password)).body).toMatchObject({ code: 0, msg: '该卡密已停用' });
    expect(await account(ann)).toEqual({ money: 100, score: 0 });
  });

  it("refuses another shopper's user_id, and the card stays unused", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const [key] = (await issue(t, 'balance', 5_000)).cards;
    const refused = await redeem(ann, key.card, key.password, { user_id: bob.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 0, msg: '只能操作自己的账户' });
    expect((await card(key.card)).used_by).toBeNull();
    expect([await ledger(ann), await ledger(bob)]).toEqual([[], []]);
    expect((await redeem(bob, key.card, key.password, { user_id: bob.id })).body.code).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const [key] = (await issue(t, 'balance', 100)).cards;
    expect((await t.call(cdkeyContract.applyCdkey, { card: key.card, password: key.password })).status).toBe(401);
    expect((await card(key.card)).used_by).toBeNull();
  });

  it('refuses a missing card number or password with code 0 naming the field', async () => {
    const ann = await t.createUser();
    expect((await redeem(ann, '  ', 'ABC')).body).toMatchObject({ code: 0, msg: '请输入卡号' });
    expect((await redeem(ann, '1234', '', { lang: 'en' })).body).toMatchObject({ code: 0, msg: 'Please enter the card password' });
    expect((await redeem(ann, '1'.repeat(65), 'ABC')).body).toMatchObject({ code: 0, msg: '不能超过 64 个字符' });
  });
});

describe('redeeming with a request key', () => {
  const send = (user: TestUser, key: { card: string; password: string }, request_key: string) =>
    t.call(cdkeyContract.applyCdkey, { card: key.card, password: key.password, request_key }, { token: user.token });

  it('answers a repeat of the redeem screen with the first reply: credited once, and no attempt counted', async () => {
    const ann = await t.createUser();
    const [key] = (await issue(t, 'balance', 5_000)).cards;
    const first = await send(ann, key, 'redeem-screen-1');
    expect(first.body).toMatchObject({ code: 1, data: { kind: 'balance', amount: '50.00', money: '50.00' } });
    // More repeats than the five attempts a shopper has: none of them is an attempt.
    for (let i = 0; i < 6; i++) expect((await send(ann, key, 'redeem-screen-1')).body).toEqual(first.body);
    expect((await ledger(ann)).filter((row) => row.reason === 'cdkey:ledger.redeem')).toHaveLength(1);
  });

  it('refuses the key with another card, and the other card stays unused', async () => {
    const ann = await t.createUser();
    const [one, two] = (await issue(t, 'score', 10, 2)).cards;
    expect((await send(ann, one, 'redeem-screen-2')).body.code).toBe(1);
    expect((await send(ann, two, 'redeem-screen-2')).body).toMatchObject({ code: 0, msg: '这个请求已用于另一笔操作，请刷新后重试' });
    expect((await card(two.card)).used_by).toBeNull();
  });

  it('leaves the key free after a wrong password, for the right one', async () => {
    const ann = await t.createUser();
    const [key] = (await issue(t, 'balance', 100)).cards;
    expect((await send(ann, { card: key.card, password: 'WRONGWRONG12' }, 'redeem-screen-3')).body.msg).toBe('卡号或卡密错误');
    expect((await send(ann, key, 'redeem-screen-3')).body).toMatchObject({ code: 1, data: { amount: '1.00' } });
  });

  it('counts every wrong password sent with one key: the five tries of a shopper run out as without a key', async () => {
    const ann = await t.createUser();
    const [key] = (await issue(t, 'balance', 100)).cards;
    for (let i = 0; i < 5; i++) expect((await send(ann, { card: key.card, password: 'WRONGWRONG12' }, 'redeem-screen-4')).body.msg).toBe('卡号或卡密错误');
    expect((await send(ann, key, 'redeem-screen-4')).body.msg).toContain('尝试次数过多');
    expect((await card(key.card)).used_by).toBeNull();
  });
});

describe('redeeming one card many times at once', () => {
  let busy: TestServer;
  beforeAll(async () => {
    // Limits high enough that every request reaches the card.
    busy = await cdkeyServer({ attemptsPerUser: 1000, attemptsPerIp: 1000 });
  });
  afterAll(() => busy.close());

  it('credits exactly once when one shopper and several others send the same card together', async () => {
    const ann = await busy.createUser({ money: 300 });
    const others = await Promise.all(Array.from({ length: 4 }, () => busy.createUser()));
    const [key] = (await issue(busy, 'balance', 5_000)).cards;
    const senders = [...Array.from({ length: 20 }, () => ann), ...others.flatMap((o) => [o, o])];
    const replies = await Promise.all(senders.map((user) => busy.call(cdkeyContract.applyCdkey, { card: key.card, password: key.password }, { token: user.token })));
    const won = replies.filter((r) => r.body.code === 1);
    expect(won).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(Array(senders.length - 1).fill('该卡密已被使用'));
    const credits = await busy.db.selectFrom('kernel_ledger').selectAll().where('reason', '=', 'cdkey:ledger.redeem').execute();
    expect(credits).toHaveLength(1);
    const winner = (await busy.db.selectFrom('cdkey_card').select('used_by').where('card', '=', key.card).executeTakeFirstOrThrow()).used_by;
    expect(credits[0].user_id).toBe(winner);
    const total = await busy.db.selectFrom('kernel_user').select((eb) => eb.fn.sum<number>('money').as('money')).executeTakeFirstOrThrow();
    expect(Number(total.money)).toBe(300 + 5_000);
    expect(await violations(busy)).toEqual([]);
  });

  it('answers one redeem screen sent 20 times at once with one credit and 20 equal replies', async () => {
    const ann = await busy.createUser();
    const [key] = (await issue(busy, 'balance', 700)).cards;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => busy.call(cdkeyContract.applyCdkey, { card: key.card, password: key.password, request_key: 'redeem-race-1' }, { token: ann.token })),
    );
    expect(replies.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    expect(new Set(replies.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect((await busy.db.selectFrom('kernel_ledger').select('amount').where('user_id', '=', ann.id).execute()).map((r) => r.amount)).toEqual([700]);
  });

  it('credits every card when one shopper redeems many different cards at once', async () => {
    const ann = await busy.createUser();
    const { cards } = await issue(busy, 'score', 25, 12);
    const replies = await Promise.all(cards.map((key) => busy.call(cdkeyContract.applyCdkey, { card: key.card, password: key.password }, { token: ann.token })));
    expect(replies.every((r) => r.body.code === 1)).toBe(true);
    expect((await busy.db.selectFrom('kernel_user').select('score').where('id', '=', ann.id).executeTakeFirstOrThrow()).score).toBe(300);
    expect(await violations(busy)).toEqual([]);
  });
});

describe('invariants for storefront doctor', () => {
  let broken: TestServer;
  beforeAll(async () => {
    broken = await cdkeyServer();
  });
  afterAll(() => broken.close());

  it('finds a used card without its credit, and a card-key credit without a used card', async () => {
    const ann = await broken.createUser();
    const { cards } = await issue(broken, 'balance', 5_000, 2);
    expect(await violations(broken)).toEqual([]);
    // Marked used behind the plugin's back: no credit.
    await broken.db.updateTable('cdkey_card').set({ used_by: ann.id, used_at: 1 }).where('card', '=', cards[0].card).execute();
    // Credited behind the plugin's back: no used card.
    const other = await broken.db.selectFrom('cdkey_card').select('id').where('card', '=', cards[1].card).executeTakeFirstOrThrow();
    await broken.db.transaction().execute((tx) =>
      broken.services.ledger.credit(tx, { userId: ann.id, account: 'money', amount: 5_000, reason: 'cdkey:ledger.redeem', ref: String(other.id) }),
    );
    expect(await violations(broken)).toEqual([
      `card ${cards[0].card} (used by user ${ann.id}): 0 credits, 0 matching its user, amount and account`,
      `ledger row ${(await broken.db.selectFrom('kernel_ledger').select('id').where('ref', '=', String(other.id)).executeTakeFirstOrThrow()).id} (user ${ann.id}) credits card ${other.id}, which is not a used card`,
    ]);
  });
});
