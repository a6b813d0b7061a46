import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { teamContract } from './contract';
import type {} from './tables';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['team'], site: { siteName: '优选小店' } });
});
afterAll(() => t.close());

const inviteOf = (user: TestUser) => t.call(teamContract.invite, {}, { token: user.token });
const codeOf = async (user: TestUser) => (await t.services.users.info(user.id)).invite;
/** A shopper who registered with `parent`'s code. */
const invitedBy = (parent: TestUser, input: Parameters<TestServer['createUser']>[0] = {}) => t.createUser({ ...input, parentId: parent.id });

describe('the invite page’s data', () => {
  it('gives a shopper invited by nobody their code, the register link with it, what the poster shows, and no inviter', async () => {
    const ann = await t.createUser({ nickname: '安安', avatar: '/uploads/ann.png' });
    const code = await codeOf(ann);
    const { status, body } = await inviteOf(ann);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1 });
    expect(body.data).toEqual({
      code,
      path: `/pages/register/register?invite=${code}`,
      nickname: '安安',
      avatar: '/uploads/ann.png',
      site_name: '优选小店',
      parent: null,
      direct: 0,
      indirect: 0,
    });
  });

  it('names a shopper without a nickname by their username', async () => {
    const bob = await t.createUser({ nickname: '' });
    expect((await inviteOf(bob)).body.data).toMatchObject({ nickname: bob.username, avatar: '' });
  });

  it('shows who invited a shopper at registration, since they registered', async () => {
    const ann = await t.createUser({ nickname: '安安', avatar: '/uploads/ann.png' });
    const joined = t.clock.nowSeconds();
    t.clock.advance(3600_000);
    const bob = await invitedBy(ann);
    t.clock.advance(3600_000);
    expect((await inviteOf(bob)).body.data.parent).toEqual({ nickname: '安安', avatar: '/uploads/ann.png', bound_at: joined + 3600 });
  });

  it('shows an inviter bound later by code, since the binding, by username when they have no nickname', async () => {
    const ann = await t.createUser({ nickname: '' });
    const bob = await t.createUser();
    t.clock.advance(1_800_000);
    const bound = t.clock.nowSeconds();
    expect((await t.call(teamContract.bind, { invite: await codeOf(ann) }, { token: bob.token })).body.code).toBe(1);
    t.clock.advance(60_000);
    expect((await inviteOf(bob)).body.data.parent).toEqual({ nickname: ann.username, avatar: '', bound_at: bound });
  });

  it('counts the members invited by the shopper, and those invited by them, and no one further or elsewhere', async () => {
    const ann = await t.createUser();
    const [bob, cat] = [await invitedBy(ann), await invitedBy(ann)];
    const [dan] = [await invitedBy(bob), await invitedBy(bob), await invitedBy(cat)];
    await invitedBy(dan); // third level: not in ann's counts
    const stranger = await t.createUser();
    await invitedBy(stranger);

    expect((await inviteOf(ann)).body.data).toMatchObject({ parent: null, direct: 2, indirect: 3 });
    expect((await inviteOf(bob)).body.data).toMatchObject({ direct: 2, indirect: 1 });
    expect((await inviteOf(dan)).body.data).toMatchObject({ direct: 1, indirect: 0 });
    expect((await inviteOf(dan)).body.data.parent?.nickname).toBe(bob.username);
  });

  it('answers only a logged-in shopper', async () => {
    const { status, body } = await t.call(teamContract.invite, {});
    expect(status).toBe(401);
    expect(body.code).toBe(0);
  });
});
