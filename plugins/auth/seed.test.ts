import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { demoLoginsInUse, seedNotes } from '@kernel/server/seed';
import { authContract } from './contract';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['auth'], seed: true });
});
afterAll(() => t.close());

describe('auth demo data', () => {
  it('prints the demo logins', async () => {
    expect(await seedNotes(t.app)).toEqual(['Demo shopper: demo / demo123456', 'Staff: staff / staff123456']);
  });

  it('gives the demo shopper ¥888.00 and 1200 points, booked through the ledger', async () => {
    const { body } = await t.call(authContract.login, { account: 'demo', password: 'demo123456' });
    expect(body.data.userinfo).toMatchObject({
      nickname: '演示用户',
      mobile: '13800138000',
      email: 'demo@example.com',
      money: '888.00',
      score: 1200,
    });
    const ledger = await t.db
      .selectFrom('kernel_ledger')
      .select(['account', 'amount', 'reason'])
      .where('user_id', '=', body.data.userinfo.id)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { account: 'money', amount: 88800, reason: 'auth:ledger.welcome' },
      { account: 'score', amount: 1200, reason: 'auth:ledger.welcome' },
    ]);
  });

  it('makes `staff` a staff member who can log in', async () => {
    const { body } = await t.call(authContract.login, { account: 'staff', password: 'staff123456' });
    const row = await t.db.selectFrom('kernel_user').select('is_staff').where('id', '=', body.data.userinfo.id).executeTakeFirstOrThrow();
    expect(row.is_staff).toBe(1);
  });

  it('declares its logins as the demo\'s, so a shop refuses them until each has a password of its own', async () => {
    expect(await demoLoginsInUse(t.app)).toEqual(['demo / demo123456', 'staff / staff123456']);
    const staff = await t.services.users.find(t.db, { username: 'staff' });
    await t.services.users.update(t.db, staff!.id, { password: 'desk2024ok' });
    expect(await demoLoginsInUse(t.app)).toEqual(['demo / demo123456']);
  });
});
