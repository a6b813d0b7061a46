import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BizError } from '@kernel/core/errors';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { findByAccount, inviterId } from './users';

let t: TestServer;
beforeEach(async () => {
  t = await createTestServer({ plugins: ['auth'] });
});
afterEach(() => t.close());

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (e: BizError) => e.key);
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

  it('finds the inviter by code in any case and refuses an unknown code', async () => {
    const { id } = await alice();
    const { invite } = await t.services.users.info(id);
    expect(await inviterId(t, ` ${invite.toLowerCase()} `)).toBe(id);
    expect(await refusal(inviterId(t, 'NOPE99'))).toBe('auth:message.invite_unknown');
  });
});
