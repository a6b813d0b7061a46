import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '../../core/errors';
import { createTestServer, type TestServer } from '../testing';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: [] });
});
afterAll(() => t.close());

describe('users', () => {
  it('creates an account with a hashed password and its own invite code', async () => {
    const id = await t.services.users.create({ username: 'ann', password: 'abc123', mobile: '13800138000', ip: '1.2.3.4' });
    const row = await t.db.selectFrom('kernel_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: 'ann', nickname: 'ann', mobile: '13800138000', email: null, status: 1, joinip: '1.2.3.4' });
    expect(row.invite).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(await t.services.passwords.verify(row.password_hash, 'abc123')).toBe(true);
  });

  it('refuses a taken username, e-mail or mobile with its own message', async () => {
    await t.services.users.create({ username: 'bob', password: 'abc123', email: 'bob@example.com', mobile: '13900139000' });
    const keyOf = (p: Promise<unknown>) => p.then(() => null, (e: BizError) => e.key);
    expect(await keyOf(t.services.users.create({ username: 'bob', password: 'x12345' }))).toBe('kernel:message.username_taken');
    expect(await keyOf(t.services.users.create({ username: 'bob2', password: 'x12345', email: 'bob@example.com' }))).toBe(
      'kernel:message.email_taken',
    );
    expect(await keyOf(t.services.users.create({ username: 'bob3', password: 'x12345', mobile: '13900139000' }))).toBe(
      'kernel:message.mobile_taken',
    );
    // Several accounts without e-mail or mobile may exist side by side.
    await t.services.users.create({ username: 'bob4', password: 'x12345' });
    await t.services.users.create({ username: 'bob5', password: 'x12345', email: '' });
  });

  it('describes a user as spec §3 user info, money in yuan', async () => {
    const cat = await t.createUser({ username: 'cat', money: 12345, score: 20 });
    const info = await t.services.users.info(cat.id, { token: 't', refreshToken: 'r', expiresAt: 0 });
    expect(info).toMatchObject({
      id: cat.id,
      username: 'cat',
      money: '123.45',
      score: 20,
      gender: 0,
      email: '',
      mobile: '',
      token: 't',
      refreshToken: 'r',
      cartNum: 0,
      cartList: [],
    });
    expect((await t.services.users.info(cat.id)).token).toBe('');
  });

  it('says in the user info whether the user is a staff member (is_staff 1) or a shopper (0)', async () => {
    const staff = await t.services.users.create({ username: 'helper', password: 'abc123', isStaff: true });
    const shopper = await t.createUser({ username: 'shopper' });
    expect((await t.services.users.info(staff)).is_staff).toBe(1);
    expect((await t.services.users.info(shopper.id)).is_staff).toBe(0);
  });
});
