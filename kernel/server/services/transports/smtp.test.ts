import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tests/bench/processes';
import { DeliveryError } from '../transport';
import { SmtpTransport } from './smtp';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer({ user: 'shop', pass: 's3cret/+', rejectRecipient: 'nobody@shop.example' });
});
afterAll(() => smtp.close());

const code = { channel: 'email' as const, subject: '优选商城验证码', body: '【优选商城】您的验证码是 461098，5 分钟内有效。', code: '461098' };

describe('e-mail over SMTP', () => {
  it('logs in with the URL’s credentials and delivers the code from MAIL_FROM to the shopper', async () => {
    const transport = new SmtpTransport({ url: smtp.url, from: '优选商城 <no-reply@shop.example>' });
    await transport.deliver({ ...code, target: 'ann@example.com' });

    const mail = await smtp.next();
    expect(mail.user).toBe('shop');
    expect(mail.envelope).toEqual({ from: 'no-reply@shop.example', to: ['ann@example.com'] });
    expect(mail.from).toBe('优选商城 <no-reply@shop.example>');
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('优选商城验证码');
    expect(mail.text).toBe('【优选商城】您的验证码是 461098，5 分钟内有效。');
  });

  it('fails with the server’s refusal, the recipient masked', async () => {
    const transport = new SmtpTransport({ url: smtp.url, from: 'no-reply@shop.example' });
    const error = await transport.deliver({ ...code, target: 'nobody@shop.example' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as Error).message).toMatch(/^the SMTP server smtp:\/\/127\.0\.0\.1:\d+ did not take the message: .*550/);
    expect((error as Error).message).toContain('no***@shop.example');
    expect((error as Error).message).not.toContain('nobody@');
  });

  it('fails on wrong credentials without naming the password', async () => {
    const transport = new SmtpTransport({ url: smtp.url.replace('s3cret', 'wrong'), from: 'no-reply@shop.example' });
    const error = await transport.deliver({ ...code, target: 'ann@example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as Error).message).toMatch(/did not take the message: .*(auth|535|Invalid)/i);
    expect((error as Error).message).not.toContain('wrong');
  });

  it('fails when nothing listens at the address', async () => {
    const closed = await freePort();
    const transport = new SmtpTransport({ url: `smtp://127.0.0.1:${closed}`, from: 'no-reply@shop.example' });
    const error = await transport.deliver({ ...code, target: 'ann@example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as Error).message).toContain(`smtp://127.0.0.1:${closed} did not take the message`);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });
});
