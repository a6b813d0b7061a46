/** Demo accounts for a fresh site: a shopper with some money and points to spend, and a staff member. */
import type { SeedContext } from '@kernel/server/plugin';

export const DEMO_SHOPPER = { username: 'demo', password: 'demo123456' } as const;
export const DEMO_STAFF = { username: 'staff', password: 'staff123456' } as const;
/** ¥888.00 */
const WELCOME_MONEY_FEN = 888_00;
const WELCOME_POINTS = 1200;

export async function seedAccounts({ db, services }: SeedContext): Promise<string[]> {
  await db.transaction().execute(async (tx) => {
    const shopperId = await services.users.create(
      { ...DEMO_SHOPPER, nickname: '演示用户', mobile: '13800138000', email: 'demo@example.com', ip: '127.0.0.1' },
      tx,
    );
    const welcome = { userId: shopperId, reason: 'auth:ledger.welcome', ref: `welcome:${shopperId}` };
    await services.ledger.credit(tx, { ...welcome, account: 'money', amount: WELCOME_MONEY_FEN });
    await services.ledger.credit(tx, { ...welcome, account: 'score', amount: WELCOME_POINTS });
    await services.users.create({ ...DEMO_STAFF, nickname: '客服小优', isStaff: true, ip: '127.0.0.1' }, tx);
  });
  return [
    `Demo shopper: ${DEMO_SHOPPER.username} / ${DEMO_SHOPPER.password}`,
    `Staff: ${DEMO_STAFF.username} / ${DEMO_STAFF.password}`,
  ];
}
