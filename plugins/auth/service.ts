/**
 * Auth business rules: password and SMS login, registration, logout, and who may be sent a code.
 * Handlers in server.ts only hand the validated payload and the call context in.
 */
import { BizError, FieldsError, HttpError, type FieldIssue } from '@kernel/core/errors';
import type { LoginReply } from '@kernel/core/user';
import type { PayloadOut } from '@kernel/core/contract';
import { requestToken } from '@kernel/server/pipeline/request-token';
import type { CallContext, ServerServices } from '@kernel/server/plugin';
import { accountKind, normaliseEmail } from './account';
import type { authContract, EmailEvent, SmsEvent } from './contract';
import type { AuthSettings } from './settings';
import { startSession } from './session';
import { findByAccount, findByEmail, findByMobile, inviterId, takenFields } from './users';

/**
 * Spec'd login throttle: 5 failures per account and ip within 15 minutes, the account being the
 * one the string resolves to (username, e-mail and mobile share one count); and at most
 * LOGIN_IP_LIMIT failures from one ip, whatever accounts it tries.
 */
export const LOGIN_LIMIT = 5;
export const LOGIN_IP_LIMIT = 20;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

type Ctx = Pick<CallContext, 'db' | 'services' | 'ip' | 'lang' | 'site'>;

/** The registration throttle's window: `registrationsPerIpHour` (settings.ts) counts within it. */
export const REGISTER_WINDOW_SECONDS = 3600;

export async function passwordLogin(ctx: Ctx, input: PayloadOut<typeof authContract.login>): Promise<LoginReply> {
  const { services } = ctx;
  const user = await findByAccount(ctx, input.account);
  // An unknown account is counted by its spelling, so it is throttled exactly like a known one.
  const account = user ? `user:${user.id}` : `unknown:${accountKey(input.account)}`;
  const byAccount = `auth:login:account:${account}:${ctx.ip}`;
  const byIp = `auth:login:ip:${ctx.ip}`;
  // Every attempt counts before the password is checked (parallel guesses cannot slip past);
  // a success takes its attempt back, so only failures add up to the limits.
  await services.rateLimit.hit(byIp, LOGIN_IP_LIMIT, LOGIN_WINDOW_SECONDS);
  await services.rateLimit.hit(byAccount, LOGIN_LIMIT, LOGIN_WINDOW_SECONDS);
  // An unknown account still costs a hash check (the kernel's), so the reply time does not tell them apart.
  const matches = await services.users.verifyPassword(user?.id ?? null, input.password);
  if (!user || !matches) throw new BizError('auth:message.login_failed');
  await services.rateLimit.reset(byAccount);
  await services.rateLimit.undo(byIp);
  return startSession(ctx, user);
}

/** One spelling per unknown account: e-mails normalised, usernames in any case. */
function accountKey(account: string): string {
  const value = account.trim();
  return accountKind(value) === 'email' ? normaliseEmail(value) : value.toLowerCase();
}

/**
 * Ends the session of the access token the call came with. A refresh token, when given, must be
 * that session's own: another session's (or an unknown) one is refused and nothing ends.
 */
export async function logout(ctx: Ctx & Pick<CallContext, 'request'>, refreshToken: string): Promise<null> {
  const { tokens } = ctx.services;
  const mine = await tokens.session(requestToken(ctx.request), 'access');
  // The kernel checked the token a moment ago; a logout racing this one may have ended it since.
  if (!mine) throw new HttpError(401, 'kernel:message.token_invalid');
  if (refreshToken && (await tokens.session(refreshToken, 'refresh'))?.id !== mine.id) {
    throw new BizError('auth:message.logout_other_session', undefined, { field: 'refresh_token' });
  }
  await tokens.end(mine.id);
  return null;
}

export async function mobileLogin(ctx: Ctx, input: PayloadOut<typeof authContract.mobileLogin>): Promise<LoginReply> {
  const user = await findByMobile(ctx, input.mobile);
  if (!user) throw new BizError('auth:message.mobile_not_registered');
  await ctx.services.codes.verify({ channel: 'sms', target: input.mobile, event: 'mobilelogin', code: input.captcha });
  return startSession(ctx, user);
}

export async function register(ctx: Ctx & Pick<CallContext<AuthSettings>, 'settings'>, input: PayloadOut<typeof authContract.register>): Promise<LoginReply> {
  const { services } = ctx;
  const identity = {
    username: input.username,
    email: input.email ? normaliseEmail(input.email) : null,
    mobile: input.mobile || null,
  };
  // Every cheap finding at once, so the form marks them all; the code is checked only when
  // nothing else is wrong, so a typo never burns the shopper's verification code.
  const problems = await takenFields(ctx, identity);
  const parentId = input.invite ? await inviterId(ctx, input.invite) : null;
  if (input.invite && parentId === null) problems.push({ field: 'invite', key: 'auth:message.invite_unknown', params: { invite: input.invite } });
  if (ctx.site.regNeedCode) problems.push(...codeProblems(identity, input.code));
  if (problems.length > 0) throw new FieldsError(problems);
  if (ctx.site.regNeedCode) await verifyRegistrationCode(services, identity, input.code);
  await countRegistration(ctx);

  // The kernel checks the duplicates again and inserts in one transaction, so of two shoppers
  // racing for a username exactly one gets it.
  const userId = await services.users.create({ ...identity, password: input.password, parentId, ip: ctx.ip });
  return startSession(ctx, { id: userId, locked: false });
}

/**
 * Every registration that gets as far as hashing its password counts against its ip, success or
 * not (a form with a taken name or a wrong code costs no hash and counts nothing); counted before
 * the hash, so parallel ones cannot slip past. The refusal names minutes: the window is an hour.
 */
async function countRegistration(ctx: Ctx & Pick<CallContext<AuthSettings>, 'settings'>): Promise<void> {
  const limit = ctx.settings.registrationsPerIpHour;
  if (limit === 0) return;
  try {
    await ctx.services.rateLimit.hit(`auth:register:ip:${ctx.ip}`, limit, REGISTER_WINDOW_SECONDS);
  } catch (error) {
    if (!(error instanceof BizError) || error.key !== 'kernel:message.too_many') throw error;
    throw new BizError('auth:message.register_too_many', { minutes: Math.ceil(Number(error.params.seconds) / 60) });
  }
}

/** What is wrong with a registration code before it is compared: nowhere to send it, or not a code at all. */
function codeProblems(who: { email: string | null; mobile: string | null }, code: string): FieldIssue[] {
  if (!who.mobile && !who.email) return [{ field: 'mobile', key: 'auth:message.code_target_required' }];
  return /^\d{4,6}$/.test(code) ? [] : [{ field: 'code', key: 'kernel:validation.code' }];
}

/** The code goes to the mobile when one is given, otherwise to the e-mail; a wrong or stale one is refused beside the code field. */
async function verifyRegistrationCode(services: ServerServices, who: { email: string | null; mobile: string | null }, code: string): Promise<void> {
  try {
    if (who.mobile) await services.codes.verify({ channel: 'sms', target: who.mobile, event: 'register', code });
    else await services.codes.verify({ channel: 'email', target: who.email!, event: 'register', code });
  } catch (error) {
    if (error instanceof BizError && error.data === null) throw new BizError(error.key, error.params, { field: 'code' });
    throw error;
  }
}

/**
 * Who may be sent a code: registration needs a free number or address, logging in and resetting
 * an existing account (changing to a number someone else holds is refused like registering it).
 */
export async function sendSmsCode(ctx: Ctx, mobile: string, event: SmsEvent): Promise<void> {
  const owner = await findByMobile(ctx, mobile);
  if ((event === 'register' || event === 'changemobile') && owner) throw new BizError('kernel:message.mobile_taken');
  if ((event === 'mobilelogin' || event === 'resetpwd') && !owner) throw new BizError('auth:message.mobile_not_registered');
  // `bindthird` goes to any mobile: a registered one gets the identity added, a new one an account.
  await ctx.services.codes.send({ channel: 'sms', target: mobile, event, ip: ctx.ip, lang: ctx.lang });
}

export async function sendEmailCode(ctx: Ctx, email: string, event: EmailEvent): Promise<void> {
  const address = normaliseEmail(email);
  const owner = await findByEmail(ctx, address);
  if ((event === 'register' || event === 'changeemail') && owner) throw new BizError('kernel:message.email_taken');
  if (event === 'resetpwd' && !owner) throw new BizError('auth:message.email_not_registered');
  await ctx.services.codes.send({ channel: 'email', target: address, event, ip: ctx.ip, lang: ctx.lang });
}
