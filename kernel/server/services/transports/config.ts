/**
 * Which transport carries each channel, read from the environment (README → Messages):
 * MAIL_TRANSPORT `outbox` (default) or `smtp` with SMTP_URL and MAIL_FROM; SMS_TRANSPORT `outbox`
 * (default) or `aliyun` with ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME
 * and ALIYUN_SMS_TEMPLATE_CODE. Every problem is named at once, so a server never starts sending
 * codes nowhere: a provider's settings without its choice are refused too. Dependency-free (types
 * aside), so the compiled CLI can read it.
 */
import type { AliyunSmsOptions } from './aliyun-sms';
import type { SmtpOptions } from './smtp';

export interface MessagesConfig {
  /** Left out: the local outbox. */
  email?: { transport: 'outbox' } | ({ transport: 'smtp' } & SmtpOptions);
  sms?: { transport: 'outbox' } | ({ transport: 'aliyun' } & AliyunSmsOptions);
}

export type MessagesEnv = Readonly<Record<string, string | undefined>>;

const ALIYUN_SETTINGS = {
  accessKeyId: 'ALIYUN_ACCESS_KEY_ID',
  accessKeySecret: 'ALIYUN_ACCESS_KEY_SECRET',
  signName: 'ALIYUN_SMS_SIGN_NAME',
  templateCode: 'ALIYUN_SMS_TEMPLATE_CODE',
} as const;

/** The configuration refused, with every problem as a line. */
export class MessagesConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`the message providers are misconfigured:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'MessagesConfigError';
  }
}

export function messagesFromEnv(env: MessagesEnv): MessagesConfig {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;
  const email = emailFrom(value, problems);
  const sms = smsFrom(value, problems);
  if (problems.length > 0) throw new MessagesConfigError(problems);
  return { ...(email ? { email } : {}), ...(sms ? { sms } : {}) };
}

type Read = (name: string) => string | undefined;

function emailFrom(value: Read, problems: string[]): MessagesConfig['email'] {
  const mail = value('MAIL_TRANSPORT');
  if (mail === undefined || mail === 'outbox') {
    if (mail === undefined && value('SMTP_URL')) problems.push('SMTP_URL is set but MAIL_TRANSPORT is not: set MAIL_TRANSPORT=smtp to send e-mail through it (or outbox to keep codes in the local outbox)');
    return undefined;
  }
  if (mail !== 'smtp') {
    problems.push(`MAIL_TRANSPORT is "${mail}": use outbox (the default, codes stay in the local outbox) or smtp`);
    return undefined;
  }
  const url = value('SMTP_URL');
  const from = value('MAIL_FROM');
  const urlProblem = url ? smtpUrlProblem(url) : 'MAIL_TRANSPORT is smtp but SMTP_URL is not set: give the server as smtp://user:pass@host:587 or smtps://user:pass@host:465';
  const fromProblem = !from
    ? 'MAIL_TRANSPORT is smtp but MAIL_FROM is not set: give the sender, e.g. "优选商城 <no-reply@shop.example>"'
    : /@[^@\s<>]+\.[^@\s<>]+>?$/.test(from)
      ? null
      : `MAIL_FROM "${from}" names no e-mail address: use "Name <address@domain>" or "address@domain"`;
  for (const problem of [urlProblem, fromProblem]) if (problem) problems.push(problem);
  return url && from ? { transport: 'smtp', url, from } : undefined;
}

function smsFrom(value: Read, problems: string[]): MessagesConfig['sms'] {
  const sms = value('SMS_TRANSPORT');
  const names = Object.values(ALIYUN_SETTINGS);
  const listed = (list: string[]) => `${list.join(', ')} ${list.length === 1 ? 'is' : 'are'}`;
  if (sms === undefined || sms === 'outbox') {
    const given = names.filter((name) => value(name));
    if (sms === undefined && given.length > 0) problems.push(`${listed(given)} set but SMS_TRANSPORT is not: set SMS_TRANSPORT=aliyun to send SMS through Aliyun (or outbox to keep codes in the local outbox)`);
    return undefined;
  }
  if (sms !== 'aliyun') {
    problems.push(`SMS_TRANSPORT is "${sms}": use outbox (the default, codes stay in the local outbox) or aliyun`);
    return undefined;
  }
  const missing = names.filter((name) => !value(name));
  if (missing.length > 0) {
    problems.push(`SMS_TRANSPORT is aliyun but ${listed(missing)} not set`);
    return undefined;
  }
  const settings = Object.fromEntries(Object.entries(ALIYUN_SETTINGS).map(([key, name]) => [key, value(name)!])) as Record<keyof typeof ALIYUN_SETTINGS, string>;
  return { transport: 'aliyun', ...settings };
}

function smtpUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `SMTP_URL is not a URL: give the server as smtp://user:pass@host:587 or smtps://user:pass@host:465`;
  }
  // Named by its scheme and host only: the URL carries the password.
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') return `SMTP_URL must start with smtp:// or smtps://, not ${parsed.protocol}//`;
  if (!parsed.hostname) return `SMTP_URL names no host: smtp://user:pass@host:587`;
  return null;
}
