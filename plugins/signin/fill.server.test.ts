/**
 * Filling a missed day (POST /api/signin/fill): which days may be filled, its cost in points, the
 * monthly limit, and both kept when fills race.
 */
import { describe, expect, it } from 'vitest';
import type { TestServer } from '@kernel/server/testing';
import { shanghai, signinServerPerFile } from './testing';

let t: TestServer;
const { checkIn, calendar, fill, score, ledger, signedDays, shopper, signOn, withSettings } = signinServerPerFile((server) => (t = server));

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
