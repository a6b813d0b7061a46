import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import security from './server';
import { runCommand } from '@kernel/server/operator-options';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['security'] });
});
afterAll(() => t.close());

const unbind = security.commands!.find((c) => c.command.startsWith('security unbind'))!;
const run = (args: string[]) => {
  const ctx = {
    db: t.db,
    services: t.services,
    settings: { passwordCheckMinutes: 5, passwordTries: 5, passwordWindowMinutes: 15 },
    site: t.site.current().file.site,
    siteName: 'test',
    extensions: t.app.storefront.extensions,
    t: (key: string) => key,
  };
  return runCommand(unbind, { args, options: {}, ctx });
};
const bindings = async (username: string) =>
  t.db.selectFrom('kernel_user').select(['email', 'mobile']).where('username', '=', username).executeTakeFirstOrThrow();

describe('storefront security unbind <username> <type>', () => {
  it("removes a shopper's mobile so its new owner can bind it, and says what it removed", async () => {
    await t.createUser({ username: 'olduser', mobile: '13600136000', email: 'old@example.com' });
    const result = await run(['olduser', 'mobile']);
    expect(result.lines).toEqual([expect.stringMatching(/^removed mobile 13600136000 from shopper `olduser` \(user \d+\)$/)]);
    expect(result.data).toMatchObject({ username: 'olduser', type: 'mobile', removed: '13600136000' });
    expect(await bindings('olduser')).toEqual({ email: 'old@example.com', mobile: null });
  });

  it('refuses an unknown shopper, a missing binding and an unknown type, naming them', async () => {
    await t.createUser({ username: 'plain' });
    await expect(run(['nobody', 'email'])).rejects.toThrow('shopper `nobody` does not exist in site `test`');
    await expect(run(['plain', 'email'])).rejects.toThrow('shopper `plain` has no email bound in site `test`');
    await expect(run(['plain', 'wechat'])).rejects.toThrow('type must be email or mobile, got "wechat"');
  });
});
