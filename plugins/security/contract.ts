/**
 * The security plugin's calls (spec §7): the password check before sensitive changes, binding
 * and unbinding an e-mail or mobile, and changing the password. All act on the token's user; an
 * `id` naming anyone else is refused by the kernel (`owner: 'id'`).
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { code, email, id, newPassword, phone } from '@kernel/core/schemas';
import type { UserInfo } from '@kernel/core/user';

export const BINDINGS = ['email', 'mobile'] as const;
export type Binding = (typeof BINDINGS)[number];

const binding = () => z.enum(BINDINGS, { error: 'security:validation.type' });

/** Whatever the shopper typed, up to a sane length: the check itself says whether it is right. */
const currentPassword = (error: string) =>
  z.string({ error }).check(z.minLength(1, { error }), z.maxLength(64, { error: 'kernel:validation.password_length' }));

export const securityContract = {
  checkPassword: defineCall({
    path: '/api/account/checkPassword',
    auth: 'required',
    owner: 'id',
    payload: z.object({ id: z.optional(id()), password: currentPassword('security:validation.password_required') }),
    reply: shape<{ valid_until: number }>(),
    summary: 'Check the login password before a sensitive change (unbind, change a binding); valid a few minutes',
  }),
  changeBind: defineCall({
    path: '/api/account/changeBindApp',
    auth: 'required',
    owner: 'id',
    payload: z.discriminatedUnion(
      'type',
      [
        z.object({ id: z.optional(id()), type: z.literal('email'), value: email(), code: code() }),
        z.object({ id: z.optional(id()), type: z.literal('mobile'), value: phone(), code: code() }),
      ],
      { error: 'security:validation.type' },
    ),
    reply: shape<UserInfo>(),
    summary: 'Bind an e-mail (code of event changeemail) or mobile (changemobile); changing an existing one needs a recent password check',
  }),
  unBind: defineCall({
    path: '/api/account/unBind',
    auth: 'required',
    owner: 'id',
    payload: z.object({ id: z.optional(id()), type: binding() }),
    reply: shape<UserInfo>(),
    summary: 'Remove the bound e-mail or mobile; needs a recent password check',
  }),
  changePassword: defineCall({
    path: '/api/account/changePassword',
    auth: 'required',
    payload: z
      .object({
        oldpassword: currentPassword('security:validation.old_password'),
        newpassword: newPassword(),
        renewpassword: z.string(),
      })
      .check(
        z.refine((v) => v.renewpassword === v.newpassword, { error: 'kernel:validation.password_mismatch', path: ['renewpassword'] }),
        z.refine((v) => v.newpassword !== v.oldpassword, { error: 'security:validation.password_same', path: ['newpassword'] }),
      ),
    reply: shape<null>(),
    summary: "Change the password (old one required); the user's other sessions are signed out, this one stays",
  }),
} as const;
