import { beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { securityContract } from './contract';
import { type SecurityFixture, securityServerPerFile } from './testing';

const fixture = securityServerPerFile();
let f: SecurityFixture;
beforeEach(() => {
  f = fixture();
});

const check = (user: TestUser, payload: Record<string, unknown>, lang?: string) =>
  f.t.call(securityContract.checkPassword, payload as never, { token: user.token, lang });
const marks = (user: TestUser) => f.t.db.selectFrom('security_password_check').selectAll().where('user_id', '=', user.id).execute();
const now = () => Math.floor(f.t.clock.now() / 1000);

describe('POST /api/account/checkPassword', () => {
  it('accepts the login password and answers until when the check holds (five minutes)', async () => {
    const ann = await f.t.createUser({ password: 'right-horse-1' });
    const { body } = await check(ann, { id: ann.id, password: 'right-horse-1' });
    expect(body).toMatchObject({ code: 1, data: { valid_until: now() + 300 } });
    expect(await marks(ann)).toEqual([{ user_id: ann.id, valid_until: now() + 300 }]);
  });

  it('refuses a wrong password and marks nothing', async () => {
    const bob = await f.t.createUser({ password: 'right-horse-1' });
    expect((await check(bob, { password: 'wrong-horse-1' })).body).toMatchObject({ code: 0, msg: '登录密码不正确' });
    expect((await check(bob, { password: 'wrong-horse-1' }, 'en')).body).toMatchObject({ code: 0, msg: 'The password is not correct' });
    expect(await marks(bob)).toEqual([]);
  });

  it('slows a guesser down: after five tries even the right password waits', async () => {
    const cat = await f.t.createUser({ password: 'right-horse-1' });
    for (let i = 0; i < 5; i++) expect((await check(cat, { password: `guess-${i}-xx` })).body.code).toBe(0);
    const blocked = await check(cat, { password: 'right-horse-1' });
    expect(blocked.body).toMatchObject({ code: 0, msg: expect.stringMatching(/^尝试次数过多，请 \d+ 秒后再试$/) });
    expect(await marks(cat)).toEqual([]);
    f.t.clock.advance(15 * 60_000);
    expect((await check(cat, { password: 'right-horse-1' })).body.code).toBe(1);
  });

  it("counts each shopper's tries on their own", async () => {
    const [dan, eve] = [await f.t.createUser({ password: 'right-horse-1' }), await f.t.createUser({ password: 'right-horse-1' })];
    for (let i = 0; i < 5; i++) await check(dan, { password: `guess-${i}-xx` });
    expect((await check(eve, { password: 'right-horse-1' })).body.code).toBe(1);
  });

  it("refuses another user's id, checking nothing", async () => {
    const [fay, gus] = [await f.t.createUser({ password: 'right-horse-1' }), await f.t.createUser({ password: 'right-horse-1' })];
    expect((await check(fay, { id: gus.id, password: 'right-horse-1' })).status).toBe(403);
    expect(await marks(gus)).toEqual([]);
    expect(await marks(fay)).toEqual([]);
  });

  it('asks for the password when it is empty, naming the field', async () => {
    const hal = await f.t.createUser();
    expect((await check(hal, { password: '' })).body).toMatchObject({ code: 0, msg: '请输入登录密码' });
  });

  it('answers 401 without a token', async () => {
    expect((await f.t.call(securityContract.checkPassword, { password: 'secret123' })).status).toBe(401);
  });
});
