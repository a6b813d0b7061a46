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

  it('finds a user by id, username, e-mail, mobile or invite code, without the password hash or balances', async () => {
    const id = await t.services.users.create({ username: 'finn', password: 'abc123', email: 'finn@example.com', mobile: '13700137000' });
    const { invite } = await t.services.users.info(id);
    const expected = { id, username: 'finn', nickname: 'finn', email: 'finn@example.com', mobile: '13700137000', avatar: '', isStaff: false, locked: false, invite, parentId: null };
    for (const key of [{ id }, { username: 'finn' }, { email: 'finn@example.com' }, { mobile: '13700137000' }, { invite }]) {
      expect(await t.services.users.find(t.db, key)).toEqual(expected);
    }
    expect(await t.services.users.find(t.db, { username: 'nobody' })).toBeNull();
    expect(await t.services.users.find(t.db, { id: 999_999 })).toBeNull();
  });

  it('names users by id for lists, leaving out ids without a user', async () => {
    const a = await t.createUser({ username: 'list_a' });
    const b = await t.createUser({ username: 'list_b' });
    const users = await t.services.users.byIds(t.db, [a.id, b.id, a.id, 999_999]);
    expect([...users.keys()].sort((x, y) => x - y)).toEqual([a.id, b.id]);
    expect(users.get(b.id)?.username).toBe('list_b');
    expect((await t.services.users.byIds(t.db, [])).size).toBe(0);
  });

  it('lists staff accounts, locked ones included, and no shoppers', async () => {
    const desk = await t.services.users.create({ username: 'desk_one', password: 'abc123', isStaff: true });
    const gone = await t.services.users.create({ username: 'desk_two', password: 'abc123', isStaff: true });
    await t.services.users.update(t.db, gone, { locked: true });
    const staff = await t.services.users.staff(t.db);
    expect(staff.filter((s) => s.username.startsWith('desk_')).map((s) => [s.id, s.locked])).toEqual([
      [desk, false],
      [gone, true],
    ]);
    expect(staff.every((s) => s.isStaff)).toBe(true);
  });

  it('checks a password, and an unknown user is simply refused', async () => {
    const gus = await t.createUser({ username: 'gus', password: 'right123' });
    expect(await t.services.users.verifyPassword(gus.id, 'right123')).toBe(true);
    expect(await t.services.users.verifyPassword(gus.id, 'wrong123')).toBe(false);
    expect(await t.services.users.verifyPassword(null, 'right123')).toBe(false);
    expect(await t.services.users.verifyPassword(999_999, 'right123')).toBe(false);
  });

  it('updates profile fields and stores a new password only as its hash', async () => {
    const hal = await t.createUser({ username: 'hal', password: 'old12345' });
    await t.services.users.update(t.db, hal.id, { nickname: '小哈', gender: 2, birthday: '1990-05-06', motto: 'hi', avatar: '/uploads/a.png', password: 'new12345' });
    const row = await t.db.selectFrom('kernel_user').selectAll().where('id', '=', hal.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ nickname: '小哈', gender: 2, birthday: '1990-05-06', motto: 'hi', avatar: '/uploads/a.png' });
    expect(row.password_hash).not.toContain('new12345');
    expect(await t.services.users.verifyPassword(hal.id, 'new12345')).toBe(true);
    expect(await t.services.users.verifyPassword(hal.id, 'old12345')).toBe(false);
    // Fields left out stay; an empty birthday is none.
    await t.services.users.update(t.db, hal.id, { birthday: '' });
    expect(await t.services.users.info(hal.id)).toMatchObject({ nickname: '小哈', birthday: '' });
  });

  it('stamps the last login and locks an account, which then no longer authenticates', async () => {
    const ivy = await t.createUser({ username: 'ivy' });
    await t.services.users.update(t.db, ivy.id, { lastLogin: { at: 1_700_000_123, ip: '10.1.2.3' } });
    expect(await t.services.users.info(ivy.id)).toMatchObject({ lastlogintime: 1_700_000_123, lastloginip: '10.1.2.3' });
    expect(await t.services.tokens.authenticate(ivy.token)).toMatchObject({ id: ivy.id });
    await t.services.users.update(t.db, ivy.id, { locked: true });
    expect((await t.services.users.find(t.db, { id: ivy.id }))?.locked).toBe(true);
    expect(await t.services.tokens.authenticate(ivy.token)).toBeNull();
    await t.services.users.update(t.db, ivy.id, { locked: false });
    expect(await t.services.tokens.authenticate(ivy.token)).toMatchObject({ id: ivy.id });
  });

  it('never changes money or points, whatever the patch carries', async () => {
    const jay = await t.createUser({ money: 500, score: 7 });
    await t.services.users.update(t.db, jay.id, { money: 999_999, score: 999, motto: 'rich' } as never);
    expect(await t.services.ledger.balance(t.db, jay.id, 'money')).toBe(500);
    expect(await t.services.ledger.balance(t.db, jay.id, 'score')).toBe(7);
    expect((await t.services.users.info(jay.id)).motto).toBe('rich');
  });

  it('binds and removes an e-mail or mobile, refusing one another account holds', async () => {
    const kim = await t.createUser({ username: 'kim', email: 'kim@example.com' });
    const lee = await t.createUser({ username: 'lee' });
    const keyOf = (p: Promise<unknown>) => p.then(() => null, (e: BizError) => e.key);
    expect(await keyOf(t.services.users.update(t.db, lee.id, { email: 'kim@example.com' }))).toBe('kernel:message.email_taken');
    await t.services.users.update(t.db, lee.id, { mobile: '13600136000' });
    expect(await keyOf(t.services.users.update(t.db, kim.id, { mobile: '13600136000' }))).toBe('kernel:message.mobile_taken');
    // Removed bindings are NULL, so two accounts without one never collide.
    await t.services.users.update(t.db, kim.id, { email: null });
    await t.services.users.update(t.db, lee.id, { mobile: '' });
    expect(await t.services.users.find(t.db, { id: kim.id })).toMatchObject({ email: null, mobile: null });
    expect(await t.services.users.find(t.db, { id: lee.id })).toMatchObject({ email: null, mobile: null });
  });

  it('gives a mobile that ten accounts race for to exactly one of them', async () => {
    const racers = await Promise.all(Array.from({ length: 10 }, () => t.createUser()));
    const results = await Promise.allSettled(
      racers.map((r) => t.db.transaction().execute((tx) => t.services.users.update(tx, r.id, { mobile: '13500135000' }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refusals.every((e) => e instanceof BizError && e.key === 'kernel:message.mobile_taken')).toBe(true);
    const holders = await t.db.selectFrom('kernel_user').select('id').where('mobile', '=', '13500135000').execute();
    expect(holders).toHaveLength(1);
  });

  it('refuses to update a user who does not exist', async () => {
    const keyOf = (p: Promise<unknown>) => p.then(() => null, (e: BizError) => e.key);
    expect(await keyOf(t.services.users.update(t.db, 999_999, { nickname: 'ghost' }))).toBe('kernel:message.user_not_found');
    expect(await keyOf(t.services.users.update(t.db, 999_999, {}))).toBe('kernel:message.user_not_found');
  });
});
