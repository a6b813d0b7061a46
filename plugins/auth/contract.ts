/**
 * The auth plugin's calls (DESIGN §5): log in by password or SMS code, register, log out, send
 * verification codes, and log in through a third-party platform (binding it to a mobile the
 * first time). Paths and payload names are the wire's; replies are typed here.
 */
import { defineCall, shape } from '@kernel/core/contract';
import { EMAIL, PHONE, USERNAME } from '@kernel/core/validators';
import * as z from 'zod/mini';
import { code, email, newPassword, phone } from '@kernel/core/schemas';
import type { LoginReply } from '@kernel/core/user';
import { PROVIDER_ID } from './settings';

/** The events a code can be sent for; each call that consumes a code names its event. */
export const SMS_EVENTS = ['register', 'mobilelogin', 'changemobile', 'resetpwd', 'bindthird'] as const;
export const EMAIL_EVENTS = ['register', 'changeemail', 'resetpwd'] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];
export type EmailEvent = (typeof EMAIL_EVENTS)[number];

/** An empty field counts as absent; a filled one must be valid (forms send "" for untouched inputs). */
const optionalMatching = (pattern: RegExp, error: string) =>
  z._default(z.string().check(z.trim(), z.refine((v) => v === '' || pattern.test(v), { error })), '');

/** "请输入用户名" when empty, "请输入正确的用户名" when malformed: the spec's two messages, in that order. */
const requiredUsername = () =>
  z.string().check(
    z.trim(),
    z.minLength(1, { error: 'kernel:validation.username_required', abort: true }),
    z.regex(USERNAME, { error: 'kernel:validation.username' }),
  );

/** A third-party platform by its provider id (`local`, `wechat`). */
const thirdType = () => z.string().check(z.trim(), z.regex(PROVIDER_ID, { error: 'auth:message.third_type_unknown' }));
/** The code a platform handed back (`uuid` on the wire). */
const platformCode = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(512));
const THIRD_LABELS = { uuid: 'auth:field.uuid', type: 'auth:field.third_type' };

/** A way to log in the site offers besides its own accounts: the button's text and where it leads. */
export interface ThirdProviderView {
  type: string;
  name: string;
  /** An in-shop path (starts with `/`) or a full URL outside the shop. */
  url: string;
}

/** A bound identity logs in; an unbound one gets what the platform told of the shopper, for the bind form. */
export type ThirdLoginReply = ({ bound: true } & LoginReply) | { bound: false; nickname: string; avatar: string; platform: string };

/** Template variables some SMS gateways take; the local outbox has no use for them. */
const extras = () => z.optional(z.record(z.string(), z.union([z.string(), z.number()])));

export const authContract = {
  login: defineCall({
    path: '/api/user/login',
    payload: z.object({
      /** Username, e-mail or mobile. */
      account: z.string().check(
        z.trim(),
        z.minLength(1, { error: 'kernel:validation.username_required', abort: true }),
        z.maxLength(254, { error: 'kernel:validation.username' }),
      ),
      password: z.string().check(
        z.minLength(6, { error: 'kernel:validation.password_length' }),
        z.maxLength(32, { error: 'kernel:validation.password_length' }),
      ),
    }),
    reply: shape<LoginReply>(),
    summary: 'Log in with username, e-mail or mobile and password',
  }),
  mobileLogin: defineCall({
    path: '/api/user/mobilelogin',
    payload: z.object({ mobile: phone(), captcha: code() }),
    reply: shape<LoginReply>(),
    summary: 'Log in with a mobile number and the SMS code sent for event `mobilelogin`',
  }),
  register: defineCall({
    path: '/api/user/register',
    payload: z.object({
      username: requiredUsername(),
      password: newPassword(),
      email: optionalMatching(EMAIL, 'kernel:validation.email'),
      mobile: optionalMatching(PHONE, 'kernel:validation.phone'),
      /** Required when the site sets regNeedCode; checked against the mobile, else the e-mail. */
      code: z._default(z.string().check(z.trim(), z.maxLength(6, { error: 'kernel:validation.code' })), ''),
      /** Another user's invite code: the new user joins their team. */
      invite: z._default(z.string().check(z.trim(), z.maxLength(32, { error: 'auth:message.invite_unknown' })), ''),
    }),
    reply: shape<LoginReply>(),
    summary: 'Create an account (code required when the site sets regNeedCode) and log in',
  }),
  logout: defineCall({
    path: '/api/user/logout',
    auth: 'required',
    /** Optional; when given it must be the calling session's own refresh token. */
    payload: z.object({ refresh_token: z._default(z.string().check(z.trim(), z.maxLength(128)), '') }),
    reply: shape<null>(),
    summary: "End the calling token's session (a refresh_token, when given, must be that session's)",
  }),
  sendSms: defineCall({
    path: '/api/Sms/send',
    payload: z.object({ mobile: phone(), template_code: z.enum(SMS_EVENTS), extras: extras() }),
    reply: shape<null>(),
    summary: 'Send a verification code by SMS for an event (register, mobilelogin, changemobile, resetpwd, bindthird)',
  }),
  sendEmail: defineCall({
    path: '/api/Ems/send',
    payload: z.object({ email: email(), event: z.enum(EMAIL_EVENTS), extras: extras() }),
    reply: shape<null>(),
    summary: 'Send a verification code by e-mail for an event (register, changeemail, resetpwd)',
  }),
  resetPassword: defineCall({
    path: '/api/user/resetpwd',
    payload: z.discriminatedUnion(
      'type',
      [
        z.object({ type: z.literal('mobile'), account: phone(), captcha: code(), newpassword: newPassword() }),
        z.object({ type: z.literal('email'), account: email(), captcha: code(), newpassword: newPassword() }),
      ],
      { error: 'auth:reset.type_invalid' },
    ),
    reply: shape<null>(),
    summary: 'Set a new password with the code sent for event `resetpwd` to the mobile or e-mail; every session of the account ends',
  }),
  thirdProviders: defineCall({
    path: '/api/user/thirdProviders',
    payload: z.object({
      /** Random, kept by the browser and handed back by the platform. */
      state: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'auth:message.third_state' })),
      /** The bind page's in-shop path with its query, where the platform returns. */
      callback: z.string().check(z.trim(), z.maxLength(1024), z.refine((v) => v.startsWith('/') && !v.startsWith('//'), { error: 'auth:message.third_callback' })),
      /** The page's address before the hash, for platforms outside the shop. */
      origin: z.string().check(z.trim(), z.maxLength(1024), z.regex(/^https?:\/\/[^\s#]+$/, { error: 'auth:message.third_callback' })),
    }),
    reply: shape<{ list: ThirdProviderView[] }>(),
    labels: { state: 'auth:field.state', callback: 'auth:field.callback', origin: 'auth:field.origin' },
    summary: 'The third-party platforms the site offers for logging in, each with its authorisation address',
  }),
  thirdLogin: defineCall({
    path: '/api/user/thirdLogin',
    payload: z.object({ uuid: platformCode(), type: thirdType() }),
    reply: shape<ThirdLoginReply>(),
    labels: THIRD_LABELS,
    summary: "Log in with a platform's code: a bound identity logs in, an unbound one answers the platform's nickname and avatar",
  }),
  bindThirdAccount: defineCall({
    path: '/api/user/bindThirdAccount',
    payload: z.object({ uuid: platformCode(), mobile: phone(), type: thirdType(), captcha: code() }),
    reply: shape<LoginReply>(),
    labels: THIRD_LABELS,
    summary: "Bind a platform identity to a mobile (SMS code for event `bindthird`; an account is made for a new mobile) and log in",
  }),
  localAuthorize: defineCall({
    path: '/api/auth/localAuthorize',
    payload: z.object({ name: z.string().check(z.trim(), z.minLength(1, { error: 'auth:message.local_name_required' }), z.maxLength(30)) }),
    reply: shape<{ code: string }>(),
    labels: { name: 'auth:field.local_name' },
    summary: 'The offline `local` platform: a single-use code (five minutes) for the platform name typed',
  }),
} as const;
