/**
 * The test servers' users (kernel/server/testing.ts `t.createUser`, `t.login`): accounts made
 * through the kernel's user service, an opening balance and points booked through the ledger, and
 * a fresh token pair for each.
 */
import type { Storefront } from './app';
import type { NewUser } from './plugin';

export interface TestUser {
  id: number;
  username: string;
  password: string;
  token: string;
  refreshToken: string;
  expiresAt: number;
}

export interface TestUserInput extends Partial<NewUser> {
  /** Opening balance in fen, booked through the ledger. */
  money?: number;
  /** Opening points, booked through the ledger. */
  score?: number;
}

let userCounter = 0;

/** A new user, with a unique username unless given; `sf()` is the current app's storefront. */
export async function createTestUser(sf: () => Storefront, input: TestUserInput = {}): Promise<TestUser> {
  const username = input.username ?? `user${++userCounter}${Date.now() % 100000}`;
  const password = input.password ?? 'secret123';
  const id = await sf().services.users.create({ ...input, username, password });
  await sf().db.transaction().execute(async (tx) => {
    const grant = { userId: id, reason: 'kernel:ledger.grant', ref: `test-opening-${id}` };
    if (input.money) await sf().services.ledger.credit(tx, { ...grant, account: 'money', amount: input.money });
    if (input.score) await sf().services.ledger.credit(tx, { ...grant, account: 'score', amount: input.score });
  });
  return issue(sf, id, username, password);
}

/** Password check and a fresh token pair, without any login plugin. `account` is a username, mobile or e-mail. */
export async function loginTestUser(sf: () => Storefront, account: string, password: string): Promise<TestUser> {
  const user = await sf().db
    .selectFrom('kernel_user')
    .select(['id', 'username', 'password_hash'])
    .where((eb) => eb.or([eb('username', '=', account), eb('mobile', '=', account), eb('email', '=', account)]))
    .executeTakeFirst();
  if (!user || !(await sf().services.passwords.verify(user.password_hash, password))) {
    throw new Error(`test login failed for "${account}"`);
  }
  return issue(sf, user.id, user.username, password);
}

async function issue(sf: () => Storefront, userId: number, username: string, password: string): Promise<TestUser> {
  const pair = await sf().services.tokens.issue(userId);
  return { id: userId, username, password, ...pair };
}
