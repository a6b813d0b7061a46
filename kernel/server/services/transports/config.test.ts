import { describe, expect, it } from 'vitest';
import { messagesFromEnv, MessagesConfigError } from './config';

const aliyun = {
  ALIYUN_ACCESS_KEY_ID: 'LTAI-test',
  ALIYUN_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '优选商城',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_461098',
};
const problemsOf = (env: Record<string, string>) => {
  try {
    messagesFromEnv(env);
    return [];
  } catch (error) {
    if (error instanceof MessagesConfigError) return error.problems;
    throw error;
  }
};

describe('choosing the message providers from the environment', () => {
  it('keeps both channels in the local outbox when nothing is set', () => {
    expect(messagesFromEnv({})).toEqual({});
    expect(messagesFromEnv({ MAIL_TRANSPORT: 'outbox', SMS_TRANSPORT: ' outbox ' })).toEqual({});
  });

  it('sends e-mail over SMTP and SMS through Aliyun, each chosen on its own', () => {
    expect(messagesFromEnv({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtps://shop:pw@smtp.example:465', MAIL_FROM: '优选商城 <no-reply@shop.example>' })).toEqual({
      email: { transport: 'smtp', url: 'smtps://shop:pw@smtp.example:465', from: '优选商城 <no-reply@shop.example>' },
    });
    expect(messagesFromEnv({ SMS_TRANSPORT: 'aliyun', ...aliyun })).toEqual({
      sms: { transport: 'aliyun', accessKeyId: 'LTAI-test', accessKeySecret: 'secret', signName: '优选商城', templateCode: 'SMS_461098' },
    });
  });

  it('refuses smtp without its URL and sender, naming both at once', () => {
    const error = (() => {
      try {
        messagesFromEnv({ MAIL_TRANSPORT: 'smtp' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(MessagesConfigError);
    expect(error?.message).toBe(
      'the message providers are misconfigured:\n' +
        '  - MAIL_TRANSPORT is smtp but SMTP_URL is not set: give the server as smtp://user:pass@host:587 or smtps://user:pass@host:465\n' +
        '  - MAIL_TRANSPORT is smtp but MAIL_FROM is not set: give the sender, e.g. "优选商城 <no-reply@shop.example>"',
    );
  });

  it('refuses a URL that is no SMTP server, without repeating its password, and a sender without an address', () => {
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'https://shop:pw@mail.example', MAIL_FROM: '优选商城' })).toEqual([
      'SMTP_URL must start with smtp:// or smtps://, not https://',
      'MAIL_FROM "优选商城" names no e-mail address: use "Name <address@domain>" or "address@domain"',
    ]);
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'mail.example:587', MAIL_FROM: 'a@b.c' })).toEqual([
      'SMTP_URL must start with smtp:// or smtps://, not mail.example://',
    ]);
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'mail.example', MAIL_FROM: 'a@b.c' })).toEqual([
      'SMTP_URL is not a URL: give the server as smtp://user:pass@host:587 or smtps://user:pass@host:465',
    ]);
  });

  it('refuses aliyun with a setting missing, naming each one', () => {
    expect(problemsOf({ SMS_TRANSPORT: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'LTAI-test', ALIYUN_SMS_SIGN_NAME: ' ' })).toEqual([
      'SMS_TRANSPORT is aliyun but ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE are not set',
    ]);
  });

  it('refuses an unknown provider, and a provider’s settings without its choice (codes would silently stay in the outbox)', () => {
    expect(problemsOf({ MAIL_TRANSPORT: 'sendgrid', SMS_TRANSPORT: 'tencent' })).toEqual([
      'MAIL_TRANSPORT is "sendgrid": use outbox (the default, codes stay in the local outbox) or smtp',
      'SMS_TRANSPORT is "tencent": use outbox (the default, codes stay in the local outbox) or aliyun',
    ]);
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example', ...aliyun })).toEqual([
      'SMTP_URL is set but MAIL_TRANSPORT is not: set MAIL_TRANSPORT=smtp to send e-mail through it (or outbox to keep codes in the local outbox)',
      'ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE are set but SMS_TRANSPORT is not: set SMS_TRANSPORT=aliyun to send SMS through Aliyun (or outbox to keep codes in the local outbox)',
    ]);
    expect(problemsOf({ MAIL_TRANSPORT: 'outbox', SMTP_URL: 'smtp://mail.example', SMS_TRANSPORT: 'outbox', ...aliyun })).toEqual([]);
  });
});
