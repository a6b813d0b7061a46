/**
 * The signin plugin's server: signing today in (POST /api/user/checkIn), and who may use its
 * calls (the site's `signIn` switch, a token, one's own account, the plugin switched on). The
 * calendar: ./calendar.server.test.ts; filling missed days: ./fill.server.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { TestServer } from '@kernel/server/testing';
import { signinContract } from './contract';
import { shanghai, signinServerPerFile } from './testing';

let t: TestServer;
const { checkIn, calendar, fill, score, ledger, signedDays, shopper, signOn, withSettings } = signinServerPerFile((server) => (t = server));

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
