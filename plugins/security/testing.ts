/**
 * Test set-up for the security plugin's server tests: a server with security (and what it
 * requires), codes sent through the auth plugin's real calls, and the kernel's invariants.
 */
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { authContract } from '@plugins/auth/contract';
import { securityContract } from './contract';

export interface SecurityFixture {
  t: TestServer;
  /** Sends a code for binding through /api/Ems/send or /api/Sms/send and returns it from the outbox. */
  code(user: TestUser, target: { email: string } | { mobile: string }): Promise<string>;
  /** A successful /api/account/checkPassword. */
  checkPassword(user: TestUser): Promise<void>;
  /** Balance and score still equal their ledgers (and every plugin invariant holds). */
  expectInvariants(): Promise<void>;
}

export async function securityFixture(): Promise<SecurityFixture> {
  const t = await createTestServer({ plugins: ['security'], now: new Date('2026-03-02T02:00:00Z') });
  return {
    t,
    async code(user, target) {
      const reply =
        'email' in target
          ? await t.call(authContract.sendEmail, { email: target.email, event: 'changeemail' }, { token: user.token })
          : await t.call(authContract.sendSms, { mobile: target.mobile, template_code: 'changemobile' }, { token: user.token });
      if (reply.body.code !== 1) throw new Error(`code not sent: ${reply.body.msg}`);
      return t.lastCode('email' in target ? target.email.toLowerCase() : target.mobile);
    },
    async checkPassword(user) {
      const reply = await t.call(securityContract.checkPassword, { password: user.password }, { token: user.token });
      if (reply.body.code !== 1) throw new Error(`password check failed: ${reply.body.msg}`);
    },
    async expectInvariants() {
      expect(await t.violations()).toEqual([]);
    },
  };
}

/**
 * One server for a test file: made before the first test, closed after the last. After every
 * test the invariants are checked, spies restored, and the clock moved an hour on, so the next
 * test starts past every sending limit, password-attempt window and password check.
 */
export function securityServerPerFile(): () => SecurityFixture {
  let f: SecurityFixture;
  beforeAll(async () => {
    f = await securityFixture();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await f.expectInvariants();
    f.t.clock.advance(3601_000);
  });
  afterAll(() => f.t.close());
  return () => f;
}
