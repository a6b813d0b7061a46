/**
 * Set-up for the signin plugin's server tests: one server with the signin plugin per test file,
 * its clock at 10:00 on 15 May 2025 in Shanghai before every test, the plugin's three calls,
 * shoppers whose accounts predate the days the tests sign, and what a shopper's score, ledger and
 * signed days read.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { signinContract } from './contract';
import type {} from './tables';

/** Milliseconds at `hour`:`minute` on `date` in Asia/Shanghai (UTC+8). */
export const shanghai = (date: string, hour = 10, minute = 0, second = 0) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), hour - 8, minute, second);

/**
 * One server for a test file: made before the first test (and handed to `started`), closed after
 * the last. Returns the helpers, which call that server.
 */
export function signinServerPerFile(started?: (server: TestServer) => void) {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ plugins: ['signin'] });
    started?.(t);
  });
  afterAll(() => t.close());

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
  /** Runs `run` with these settings of the signin plugin on the site, then sets its defaults again. */
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

  return { checkIn, calendar, fill, score, ledger, signedDays, shopper, signOn, withSettings };
}
