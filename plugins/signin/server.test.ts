import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { signinContract } from './contract';
import type {} from './tables';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['signin'] });
});
afterAll(() => t.close());

/** Milliseconds at `hour`:`minute` on `date` in Asia/Shanghai (UTC+8). */
const shanghai = (date: string, hour = 10, minute = 0, second = 0) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), hour - 8, minute, second);

beforeEach(() => t.clock.set(shanghai('2025-05-15')));

const checkIn = (user: TestUser, lang?: string) => t.call(signinContract.checkIn, {}, { token: user.token, lang });
const calendar = (user: TestUser, month?: string, lang?: string) => t.call(signinContract.calendar, month ? { month } : {}, { token: user.token, lang });
const fill = (user: TestUser, date: string, lang?: string) => t.call(signinContract.fill, { date }, { token: user.token, lang });
const score = (user: TestUser) => t.services.ledger.balance(t.db, user.id, 'score');
const ledger = async (user: TestUser) =>
  (await t.services.ledger.history(t.db, { userId: user.id, account: 'score', page: 1, limit: 100 })).rows.map((row) => `${row.reason} ${row.amount}`).reverse();
const signedDays = async (user: TestUser) =>
  (await t.db.selectFrom('signin_day').select(['date', 'kind']).where('user_id', '=', user.id).orderBy('date').execute()).map((row) => `${row.date} ${row.kind}`);
/** A shopper whose account is older than the days the tests sign and fill: made on 2025-01-01. */
async function shopper(input?: Parameters<TestServer['createUser']>[0]): Promise<TestUser> {
  const user = await t.createUser(input);
  await t.db.updateTable('kernel_user').set({ jointime: shanghai('2025-01-01') / 1000 }).where('id', '=', user.id).execute();
  return user;
}
/** Signs the shopper in on each date, moving the clock there. */
async function signOn(user: TestUser, ...dates: string[]) {
  for (const date of dates) {
    t.clock.set(shanghai(date));
    expect((await checkIn(user)).body.code).toBe(1);
  }
  t.clock.set(shanghai('2025-05-15'));
}
async function withSettings(settings: Record<string, unknown>, run: () => Promise<void>) {
  await t.editSite((file) => {
    file.plugins.signin = { enabled: true, settings };
  });
  try {
    await run();
  } finally {
    await t.editSite((file) => {
      file.plugins.signin = { enabled: true };
    });
  }
}

describe('POST /api/user/checkIn', () => {
  it("signs today in and credits the day's points through the ledger", async () => {
    const ann = await shopper();
    const { status, body } = await checkIn(ann);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, data: { date: '2025-05-15', points: 10, streak: 1, score: 10 } });
    expect(await score(ann)).toBe(10);
    expect(await ledger(ann)).toEqual(['signin:ledger.checkin 10']);
    expect(await signedDays(ann)).toEqual(['2025-05-15 checkin']);
  });

  it('refuses a second sign-in the same day, in the request language, and credits nothing more', async () => {
    const ann = await shopper();
    await checkIn(ann);
    expect((await checkIn(ann)).body).toMatchObject({ code: 0, msg: '今天已经签到过了，明天再来吧' });
    expect((await checkIn(ann, 'en')).body).toMatchObject({ code: 0, msg: 'You have already checked in today: come back tomorrow' });
    expect(await score(ann)).toBe(10);
    expect(await ledger(ann)).toEqual(['signin:ledger.checkin 10']);
  });

  it('signs in once when 20 requests arrive at once, and credits the points once', async () => {
    const ann = await shopper({ score: 5 });
    const replies = await Promise.all(Array.from({ length: 20 }, () => checkIn(ann)));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(Array(19).fill('今天已经签到过了，明天再来吧'));
    expect(await signedDays(ann)).toEqual(['2025-05-15 checkin']);
    expect((await ledger(ann)).filter((row) => row.startsWith('signin:'))).toEqual(['signin:ledger.checkin 10']);
    expect(await score(ann)).toBe(15);
    expect(await t.violations()).toEqual([]);
  });

  it('signs each of 10 shoppers in once when each sends 5 requests at the same time', async () => {
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopper()));
    const replies = await Promise.all(shoppers.flatMap((shopper) => Array.from({ length: 5 }, () => checkIn(shopper))));
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(10);
    for (const shopper of shoppers) {
      expect(await signedDays(shopper)).toEqual(['2025-05-15 checkin']);
      expect(await score(shopper)).toBe(10);
    }
    expect(await t.violations()).toEqual([]);
  });

  it('turns the day at midnight in Asia/Shanghai, not in UTC', async () => {
    // 23:59:59 in Shanghai is 15:59:59 UTC on the same date …
    t.clock.set(shanghai('2025-05-15', 23, 59, 59));
    const ann = await shopper();
    expect((await checkIn(ann)).body.data).toMatchObject({ date: '2025-05-15', streak: 1 });
    // … and one second later it is the 16th in Shanghai while UTC is still on the 15th.
    t.clock.advance(1000);
    expect(new Date(t.clock.now()).toISOString().slice(0, 10)).toBe('2025-05-15');
    expect((await checkIn(ann)).body.data).toMatchObject({ date: '2025-05-16', streak: 2 });
    // 07:59 on the 17th in Shanghai is 23:59 UTC on the 16th: a new day here already.
    t.clock.set(shanghai('2025-05-17', 7, 59));
    expect((await checkIn(await t.login(ann.username, ann.password))).body.data).toMatchObject({ date: '2025-05-17', streak: 3 });
    expect(await signedDays(ann)).toEqual(['2025-05-15 checkin', '2025-05-16 checkin', '2025-05-17 checkin']);
  });

  it('adds the streak bonuses on the 3rd and the 7th day in a row, and starts again after a missed day', async () => {
    const ann = await shopper();
    const points: number[] = [];
    for (const day of ['01', '02', '03', '04', '05', '06', '07', '08', '10', '11', '12']) {
      t.clock.set(shanghai(`2025-05-${day}`));
      points.push((await checkIn(ann)).body.data.points);
    }
    expect(points).toEqual([10, 10, 15, 10, 10, 10, 30, 10, 10, 10, 15]);
    expect(await score(ann)).toBe(points.reduce((a, b) => a + b));
  });

  it("follows the site's points and bonus settings", async () => {
    await withSettings({ points: 3, streakBonus: { '2': 7 } }, async () => {
      const ann = await shopper();
      await signOn(ann, '2025-05-13');
      t.clock.set(shanghai('2025-05-14'));
      expect((await checkIn(ann)).body.data).toMatchObject({ points: 10, streak: 2 });
      expect(await ledger(ann)).toEqual(['signin:ledger.checkin 3', 'signin:ledger.checkin 10']);
    });
  });

  it('carries a streak across the end of a month and a year', async () => {
    const ann = await shopper();
    await signOn(ann, '2024-12-30', '2024-12-31');
    t.clock.set(shanghai('2025-01-01'));
    expect((await checkIn(ann)).body.data).toMatchObject({ streak: 3, points: 15 });
  });
});

describe('POST /api/signin/calendar', () => {
  it("shows this month: the days signed with their points, today, the streak, what each day gives and what is left to fill", async () => {
    const ann = await shopper({ score: 100 });
    await signOn(ann, '2025-04-30', '2025-05-01', '2025-05-02', '2025-05-13', '2025-05-14');
    const { body } = await calendar(ann);
    expect(body.code).toBe(1);
    const data = body.data;
    expect(data).toMatchObject({
      month: '2025-05',
      today: '2025-05-15',
      signed_today: false,
      streak: 2,
      today_points: 15,
      signed_days: 4,
      points: 10,
      bonuses: [
        { days: 3, points: 5 },
        { days: 7, points: 20 },
      ],
      fill: { allowed: true, cost: 20, limit: 3, left: 3 },
      score: 100 + 10 + 10 + 15 + 10 + 10,
    });
    expect(data.days).toHaveLength(31);
    const day = (n: number) => data.days[n - 1];
    // 30 April, 1 and 2 May: the 2nd was the 3rd day in a row.
    expect([day(1), day(2)]).toEqual([
      { date: '2025-05-01', state: 'signed', points: 10, fillable: false },
      { date: '2025-05-02', state: 'signed', points: 15, fillable: false },
    ]);
    // Filling the 3rd would make it the 4th day in a row; the 12th would join the 13th and 14th.
    expect(day(3)).toEqual({ date: '2025-05-03', state: 'missed', points: 10, fillable: true });
    expect(day(12)).toMatchObject({ state: 'missed', fillable: true });
    expect(day(15)).toEqual({ date: '2025-05-15', state: 'today', points: 15, fillable: false });
    // Signing every day from today: the 19th is the 7th day in a row.
    expect([day(16), day(19), day(20)].map((d) => [d.state, d.points])).toEqual([
      ['future', 10],
      ['future', 30],
      ['future', 10],
    ]);
  });

  it('shows an earlier month as it was, with nothing to fill', async () => {
    const ann = await shopper();
    await signOn(ann, '2025-04-29', '2025-04-30');
    const data = (await calendar(ann, '2025-04')).body.data;
    expect(data).toMatchObject({ month: '2025-04', today: '2025-05-15', signed_days: 2, streak: 0 });
    expect(data.days).toHaveLength(30);
    expect(data.days.filter((d) => d.fillable)).toEqual([]);
    expect(data.days.slice(27).map((d) => d.state)).toEqual(['missed', 'signed', 'signed']);
  });

  it('shows a month without sign-ins as empty', async () => {
    const ann = await shopper();
    const data = (await calendar(ann, '2025-03')).body.data;
    expect(data).toMatchObject({ signed_days: 0, streak: 0 });
    expect(new Set(data.days.map((d) => d.state))).toEqual(new Set(['missed']));
  });

  it('refuses a month that is not YYYY-MM, naming the field', async () => {
    const ann = await shopper();
    const { body } = await calendar(ann, '2025-5', 'en');
    expect(body).toMatchObject({ code: 0, data: { field: 'month' } });
    expect(body.msg).toContain('YYYY-MM');
  });
});

describe('POST /api/signin/fill', () => {
  it("fills a missed earlier day of this month: the cost is debited, the day's points credited, the streak joined", async () => {
    const ann = await shopper({ score: 100 });
    await signOn(ann, '2025-05-12', '2025-05-14');
    const { body } = await fill(ann, '2025-05-13');
    // The 13th joins the 12th: the 2nd day in a row.
    expect(body).toMatchObject({ code: 1, data: { date: '2025-05-13', points: 10, cost: 20, left: 2, score: 100 + 10 + 10 - 20 + 10 } });
    expect(await ledger(ann)).toEqual(['kernel:ledger.grant 100', 'signin:ledger.checkin 10', 'signin:ledger.checkin 10', 'signin:ledger.fill_cost -20', 'signin:ledger.fill 10']);
    const data = (await calendar(ann)).body.data;
    expect(data.days[12]).toEqual({ date: '2025-05-13', state: 'filled', points: 10, fillable: false });
    expect(data).toMatchObject({ streak: 3, today_points: 10, fill: { left: 2 } });
    // Signing today makes the 4th day in a row.
    expect((await checkIn(ann)).body.data).toMatchObject({ streak: 4 });
    expect(await t.violations()).toEqual([]);
  });

  it('refuses today, days ahead and days of another month, and changes nothing', async () => {
    const ann = await shopper({ score: 100 });
    for (const date of ['2025-05-15', '2025-05-16', '2025-04-30', '2024-05-10']) {
      expect((await fill(ann, date)).body).toMatchObject({ code: 0, msg: '只能补签本月今天之前的日期' });
    }
    expect((await fill(ann, '2025-04-30', 'en')).body.msg).toBe('Only earlier days of this month can be filled');
    expect(await score(ann)).toBe(100);
    expect(await signedDays(ann)).toEqual([]);
  });

  it('refuses a day before the account was made (its Asia/Shanghai date), and shows those days as neither missed nor fillable', async () => {
    const ann = await t.createUser({ score: 100 });
    // 07:00 on 10 May in Shanghai is 23:00 on 9 May in UTC: the account is from the 10th.
    await t.db.updateTable('kernel_user').set({ jointime: shanghai('2025-05-10', 7) / 1000 }).where('id', '=', ann.id).execute();
    expect((await fill(ann, '2025-05-09')).body).toMatchObject({ code: 0, msg: '2025-05-09 您还没有注册，无需补签' });
    expect((await fill(ann, '2025-05-01', 'en')).body.msg).toBe('You had not joined yet on 2025-05-01: there is nothing to fill');
    expect(await score(ann)).toBe(100);
    expect(await signedDays(ann)).toEqual([]);

    const { days } = (await calendar(ann)).body.data;
    expect(days.slice(0, 9).every((d) => d.state === 'before' && !d.fillable && d.points === 0)).toBe(true);
    expect(days[9]).toMatchObject({ date: '2025-05-10', state: 'missed', fillable: true });
    expect((await fill(ann, '2025-05-10')).body).toMatchObject({ code: 1, data: { date: '2025-05-10' } });
    expect((await calendar(ann, '2025-04')).body.data.days.every((d) => d.state === 'before')).toBe(true);
  });

  it('judges "earlier this month" by the Asia/Shanghai date', async () => {
    // 07:00 on 2 June in Shanghai is 23:00 on 1 June in UTC: the 1st is already yesterday here.
    t.clock.set(shanghai('2025-06-02', 7));
    const ann = await shopper({ score: 100 });
    expect((await fill(ann, '2025-06-01')).body).toMatchObject({ code: 1, data: { date: '2025-06-01' } });
    // 07:00 on 1 June in Shanghai is still 31 May in UTC, but May is last month here.
    t.clock.set(shanghai('2025-06-01', 7));
    const bob = await shopper({ score: 100 });
    expect((await fill(bob, '2025-05-31')).body).toMatchObject({ code: 0, msg: '只能补签本月今天之前的日期' });
  });

  it('refuses a day already signed, and a date that does not exist', async () => {
    const ann = await shopper({ score: 100 });
    await signOn(ann, '2025-05-10');
    expect((await fill(ann, '2025-05-10')).body).toMatchObject({ code: 0, msg: '2025-05-10 已经签到过了，无需补签' });
    expect((await fill(ann, '2025-02-30', 'en')).body).toMatchObject({ code: 0, data: { field: 'date' } });
    expect(await score(ann)).toBe(110);
    expect((await calendar(ann)).body.data.fill.left).toBe(3);
  });

  it('refuses when the score does not cover the cost, saying so, and changes nothing', async () => {
    const ann = await shopper({ score: 19 });
    expect((await fill(ann, '2025-05-03')).body).toMatchObject({ code: 0, msg: '积分不足：补签需要 20 积分，当前只有 19 积分' });
    expect((await fill(ann, '2025-05-03', 'en')).body.msg).toBe('Not enough points: filling a day costs 20 points and you have 19');
    expect(await score(ann)).toBe(19);
    expect(await signedDays(ann)).toEqual([]);
    expect((await calendar(ann)).body.data.fill.left).toBe(3);
  });

  it('allows 3 a month, then refuses; a new month starts again', async () => {
    const ann = await shopper({ score: 500 });
    for (const date of ['2025-05-01', '2025-05-02', '2025-05-03']) expect((await fill(ann, date)).body.code).toBe(1);
    expect((await fill(ann, '2025-05-04')).body).toMatchObject({ code: 0, msg: '本月补签次数已用完（每月最多 3 次）' });
    expect((await calendar(ann)).body.data.fill.left).toBe(0);
    expect((await calendar(ann)).body.data.days.filter((d) => d.fillable)).toEqual([]);
    t.clock.set(shanghai('2025-06-05'));
    const later = await t.login(ann.username, ann.password);
    expect((await fill(later, '2025-06-01')).body).toMatchObject({ code: 1, data: { left: 2 } });
    // Four fills at 20 each; the 3rd of May was the 3rd day in a row.
    expect(await score(ann)).toBe(500 - 4 * 20 + 10 + 10 + 15 + 10);
  });

  it('keeps the monthly limit when 10 fills of 5 days arrive at once', async () => {
    const ann = await shopper({ score: 1000 });
    const dates = ['2025-05-01', '2025-05-03', '2025-05-05', '2025-05-07', '2025-05-09'];
    const replies = await Promise.all([...dates, ...dates].map((date) => fill(ann, date)));
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(3);
    expect(await signedDays(ann)).toHaveLength(3);
    expect((await ledger(ann)).filter((row) => row.startsWith('signin:ledger.fill_cost'))).toEqual(Array(3).fill('signin:ledger.fill_cost -20'));
    expect(await score(ann)).toBe(1000 - 3 * 20 + 3 * 10);
    expect((await calendar(ann)).body.data.fill.left).toBe(0);
    expect(await t.violations()).toEqual([]);
  });

  it('never lets the score go below the cost when fills race: a score for two fills gets two', async () => {
    await withSettings({ retroactiveCost: 50 }, async () => {
      const ann = await shopper({ score: 100 });
      const replies = await Promise.all(['2025-05-01', '2025-05-03', '2025-05-05', '2025-05-07'].map((date) => fill(ann, date)));
      // 100 − 50 + 10 = 60, 60 − 50 + 10 = 20, and 20 does not cover 50.
      expect(replies.filter((r) => r.body.code === 1)).toHaveLength(2);
      expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(Array(2).fill('积分不足：补签需要 50 积分，当前只有 20 积分'));
      expect(await score(ann)).toBe(20);
      expect(await signedDays(ann)).toHaveLength(2);
      expect((await calendar(ann)).body.data.fill.left).toBe(1);
    });
  });

  it.each([{ retroactive: false }, { retroactiveMonthlyLimit: 0 }])('refuses when the site does not allow retroactive sign-in (%o)', async (settings) => {
    await withSettings(settings, async () => {
      const ann = await shopper({ score: 100 });
      expect((await fill(ann, '2025-05-03', 'en')).body).toMatchObject({ code: 0, msg: 'Missed days cannot be filled on this site' });
      const data = (await calendar(ann)).body.data;
      expect(data.fill).toMatchObject({ allowed: false });
      expect(data.days.filter((d) => d.fillable)).toEqual([]);
      expect(await score(ann)).toBe(100);
    });
  });
});

describe('who may sign in', () => {
  it('refuses every call while the site config switches `signIn` off, and writes nothing', async () => {
    const ann = await shopper({ score: 100 });
    await t.editSite((file) => {
      file.site.signIn = false;
    });
    try {
      for (const reply of [await checkIn(ann), await calendar(ann), await fill(ann, '2025-05-03')]) {
        expect(reply.body).toMatchObject({ code: 0, msg: '本站未开启签到功能' });
      }
      expect((await checkIn(ann, 'en')).body.msg).toBe('Daily check-in is not available on this site');
      expect(await signedDays(ann)).toEqual([]);
      expect(await score(ann)).toBe(100);
    } finally {
      await t.editSite((file) => {
        file.site.signIn = true;
      });
    }
    expect((await checkIn(ann)).body.code).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call(signinContract.checkIn, {})).status).toBe(401);
    expect((await t.call(signinContract.calendar, {})).status).toBe(401);
    expect((await t.call(signinContract.fill, { date: '2025-05-03' })).status).toBe(401);
  });

  it("refuses to act for another shopper named in the payload, and signs nobody in", async () => {
    const [ann, bob] = [await shopper(), await shopper()];
    expect((await t.call(signinContract.checkIn, { user_id: bob.id }, { token: ann.token })).status).toBe(403);
    expect((await t.call(signinContract.fill, { user_id: bob.id, date: '2025-05-03' }, { token: ann.token })).status).toBe(403);
    expect(await signedDays(ann)).toEqual([]);
    expect(await signedDays(bob)).toEqual([]);
    expect((await t.call(signinContract.checkIn, { user_id: ann.id }, { token: ann.token })).body.code).toBe(1);
  });

  it('answers "plugin disabled" while the site switches the plugin off', async () => {
    const ann = await shopper();
    await t.setPlugins({ signin: false });
    try {
      const { body } = await checkIn(ann);
      expect(body.code).toBe(0);
      expect(body.msg).toContain('signin');
    } finally {
      await t.setPlugins({ signin: true });
    }
  });
});
