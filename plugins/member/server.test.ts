import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { memberContract } from './contract';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['member'] });
});
afterAll(() => t.close());

describe('GET /api/account/profile', () => {
  it('answers 401 without a token, or with a dead one', async () => {
    expect((await t.call(memberContract.profile)).status).toBe(401);
    expect((await t.call(memberContract.profile, {}, { token: 'not-a-token' })).status).toBe(401);
  });

  it("answers the shopper's own user info, without tokens", async () => {
    const ann = await t.createUser({ username: 'ann', nickname: 'Ann', mobile: '13700137000', money: 12_345, score: 67 });
    const { status, body } = await t.call(memberContract.profile, {}, { token: ann.token });
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ id: ann.id, username: 'ann', nickname: 'Ann', money: '123.45', score: 67, token: '', refreshToken: '' });
  });

  it('answers "plugin disabled" when the site switches member off', async () => {
    const ann = await t.createUser();
    await t.setPlugins({ member: false });
    const { body } = await t.call(memberContract.profile, {}, { token: ann.token });
    expect(body).toMatchObject({ code: 0 });
    expect(body.msg).toContain('member');
    await t.setPlugins({ member: true });
  });
});
