import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '../../core/errors';
import { createTestServer, type TestServer } from '../testing';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: [], site: { siteName: '优选商城' } });
});
afterAll(() => t.close());

const sms = (target: string, ip = '10.0.0.1') => ({ channel: 'sms' as const, target, event: 'register', ip, lang: 'zh-Hans' as const });
const keyOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof BizError ? error.key : error;
};

describe('codes', () => {
  it('delivers a six-digit code through the outbox, stores only its hash, and accepts it once', async () => {
    await t.services.codes.send(sms('13800000001'));
    const [message] = await t.outbox('13800000001');
    expect(message.body).toMatch(/^【优选商城】您的验证码是 \d{6}，5 分钟内有效。$/);
    const code = await t.lastCode('13800000001');
    const stored = await t.db.selectFrom('kernel_code').select('code_hash').where('target', '=', '13800000001').execute();
    expect(stored[0].code_hash).not.toContain(code);

    await t.services.codes.verify({ channel: 'sms', target: '13800000001', event: 'register', code });
    expect(await keyOf(t.services.codes.verify({ channel: 'sms', target: '13800000001', event: 'register', code }))).toBe(
      'kernel:message.code_expired',
    );
  });

  it('expires a code after five minutes', async () => {
    await t.services.codes.send(sms('13800000002'));
    const code = await t.lastCode('13800000002');
    t.clock.advance(5 * 60_000);
    expect(await keyOf(t.services.codes.verify({ channel: 'sms', target: '13800000002', event: 'register', code }))).toBe(
      'kernel:message.code_expired',
    );
  });

  it('voids a code after five wrong tries, even if the right one comes next', async () => {
    await t.services.codes.send(sms('13800000003'));
    const code = await t.lastCode('13800000003');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await keyOf(t.services.codes.verify({ channel: 'sms', target: '13800000003', event: 'register', code: wrong }))).toBe(
        'kernel:message.code_invalid',
      );
    }
    expect(await keyOf(t.services.codes.verify({ channel: 'sms', target: '13800000003', event: 'register', code }))).toBe(
      'kernel:message.code_expired',
    );
  });

  it('keeps a code for its own event only', async () => {
    await t.services.codes.send(sms('13800000004'));
    const code = await t.lastCode('13800000004');
    expect(await keyOf(t.services.codes.verify({ channel: 'sms', target: '13800000004', event: 'resetpwd', code }))).toBe(
      'kernel:message.code_expired',
    );
  });

  it('sends to a target at most once a minute and ten times a business day', async () => {
    const target = '13800000005';
    await t.services.codes.send(sms(target));
    t.clock.advance(30_000);
    const early = await t.services.codes.send(sms(target)).catch((e: BizError) => e);
    expect(early).toMatchObject({ key: 'kernel:message.too_many', params: { seconds: 30 } });
    // Only the newest code counts.
    for (let i = 1; i < 10; i++) {
      t.clock.advance(61_000);
      await t.services.codes.send(sms(target, `10.1.0.${i}`));
    }
    t.clock.advance(61_000);
    expect(await keyOf(t.services.codes.send(sms(target, '10.2.0.1')))).toBe('kernel:message.code_daily_limit');
  });

  it('sends at most thirty codes an hour from one ip', async () => {
    for (let i = 0; i < 30; i++) await t.services.codes.send(sms(`1390000${String(i).padStart(4, '0')}`, '10.9.9.9'));
    expect(await keyOf(t.services.codes.send(sms('13911112222', '10.9.9.9')))).toBe('kernel:message.too_many');
    expect(await keyOf(t.services.codes.send(sms('13911112222', '10.9.9.8')))).toBeNull();
  });

  it('makes only the newest code of a target valid', async () => {
    const target = 'ann@example.com';
    const mail = { channel: 'email' as const, target, event: 'bind', ip: '10.3.0.1', lang: 'en' as const };
    await t.services.codes.send(mail);
    const first = await t.lastCode(target);
    t.clock.advance(61_000);
    await t.services.codes.send(mail);
    const second = await t.lastCode(target);
    const [, latest] = await t.outbox(target);
    expect(latest.subject).toBe('优选商城 verification code');
    if (first !== second) {
      expect(await keyOf(t.services.codes.verify({ channel: 'email', target, event: 'bind', code: first }))).toBe(
        'kernel:message.code_invalid',
      );
    }
    await t.services.codes.verify({ channel: 'email', target, event: 'bind', code: second });
  });
});
