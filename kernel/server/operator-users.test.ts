import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '../core/errors';
import { userLabel, userNamed } from './operator-users';
import { createTestServer, type TestServer } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: [] });
});
afterAll(() => t.close());

describe('userNamed', () => {
  it('finds a user by username, mobile, e-mail or id', async () => {
    const ann = await t.createUser({ username: 'namedann', nickname: '安', mobile: '13300000001', email: 'namedann@example.com' });
    for (const name of ['namedann', ' 13300000001 ', 'namedann@example.com', String(ann.id)]) {
      expect(await userNamed(t.app.storefront, name)).toEqual({ id: ann.id, username: 'namedann', nickname: '安' });
    }
  });

  it('refuses a name nobody has, naming it', async () => {
    const error = await userNamed(t.app.storefront, 'nobody-here').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BizError);
    expect(t.app.storefront.i18n.t('en', (error as BizError).key, (error as BizError).params)).toBe('no user named "nobody-here" (give a username, mobile, e-mail or id)');
  });
});

describe('userLabel', () => {
  it('shows the nickname only when it says more than the username', () => {
    expect(userLabel({ id: 7, username: 'ann', nickname: '安' })).toBe('ann (安) #7');
    expect(userLabel({ id: 8, username: 'bob', nickname: 'bob' })).toBe('bob #8');
    expect(userLabel({ id: 9, username: 'cat', nickname: '' })).toBe('cat #9');
  });
});
