import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { findByAccount, inviterId, takenFields } from './users';

let t: TestServer;
beforeEach(async () => {
  t = await createTestServer({ plugins: ['auth'] });
});
afterEach(() => t.close());

const alice = () => t.createUser({ username: 'alice', email: 'alice@example.com', mobile: '13900139000' });

describe('auth users', () => {
  it('finds an account by username, e-mail (any case) or mobile', async () => {
    const { id } = await alice();
    for (const account of ['alice', 'ALICE@example.com', ' 13900139000 ']) {
      expect((await findByAccount(t, account))?.id).toBe(id);
    }
    expect(await findByAccount(t, 'bob')).toBeNull();
    expect(await findByAccount(t, 'Alice')).toBeNull();
  });

  it('names the first identity field another account holds', async () => {
    await alice();
    const taken = (username: string, email: string | null, mobile: string | null) => t.services.users.taken({ username, email, mobile });
    expect(await taken('alice', null, null)).toBe('kernel:message.username_taken');
    expect(await taken('bob', 'alice@example.com', null)).toBe('kernel:message.email_taken');
    expect(await taken('bob', null, '13900139000')).toBe('kernel:message.mobile_taken');
    expect(await taken('bob', 'bob@example.com', '13900139001')).toBeNull();
  });

  it('finds the inviter by code in any case, and nobody for an unknown code', async () => {
    const { id } = await alice();
    const { invite } = await t.services.users.info(id);
    expect(await inviterId(t, ` ${invite.toLowerCase()} `)).toBe(id);
    expect(await inviterId(t, 'NOPE99')).toBeNull();
  });

  it('names every identity field another account holds, not only the first', async () => {
    await alice();
    await t.createUser({ username: 'bob', mobile: '13900139001' });
    expect(await takenFields(t, { username: 'alice', email: 'alice@example.com', mobile: '13900139001' })).toEqual([
      { field: 'username', key: 'kernel:message.username_taken' },
      { field: 'email', key: 'kernel:message.email_taken' },
      { field: 'mobile', key: 'kernel:message.mobile_taken' },
    ]);
    expect(await takenFields(t, { username: 'carol', email: null, mobile: null })).toEqual([]);
  });
});
