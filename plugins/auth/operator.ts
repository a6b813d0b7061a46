/**
 * The auth plugin's operator commands: `storefront auth identities <user>` (the third-party
 * identities bound to an account) and `storefront auth unbind <user> [--type local]` (support:
 * removes them, all or one platform's, saying what went). A user is named by username, mobile,
 * e-mail or id. Unbinding leaves the account as it is; the identity may then bind anew.
 */
import * as z from 'zod/mini';
import { businessDateTime } from '@kernel/server/clock';
import { defineCommand, option } from '@kernel/server/operator-options';
import { userLabel, userNamed } from '@kernel/server/operator-users';
import type { OperatorCommand } from '@kernel/server/plugin';
import { PROVIDER_ID } from './settings';
import { identitiesOf, unbindIdentities, type BoundIdentity } from './third/identities';

const line = (i: BoundIdentity) => `${i.provider}  openid ${i.openid}  unionid ${i.unionid || '-'}  bound ${businessDateTime(i.createdAt * 1000)}`;
const view = (i: BoundIdentity) => ({ provider: i.provider, openid: i.openid, unionid: i.unionid, boundAt: i.createdAt });

export const authCommands: OperatorCommand[] = [
  defineCommand({
    command: 'auth identities <user>',
    description: 'list the third-party identities bound to an account (platform, open id, union id, when)',
    options: z.object({}),
    async run({ args, ctx }) {
      const user = await userNamed(ctx, args[0] ?? '');
      const found = await identitiesOf(ctx.db, user.id);
      const lines = found.length > 0 ? [userLabel(user), ...found.map((i) => `  ${line(i)}`)] : [`${userLabel(user)} has no third-party identity bound`];
      return { lines, data: { user: user.id, identities: found.map(view) } };
    },
  }),
  defineCommand({
    command: 'auth unbind <user>',
    description: "remove the third-party identities bound to an account (all, or one platform's with --type)",
    options: z.object({
      type: option(z.optional(z.string().check(z.trim(), z.regex(PROVIDER_ID))), 'only this platform, e.g. local', 'provider'),
    }),
    async run({ args, options, ctx }) {
      const user = await userNamed(ctx, args[0] ?? '');
      const removed = await ctx.db.transaction().execute((tx) => unbindIdentities(tx, user.id, options.type));
      const which = options.type ? `no ${options.type} identity` : 'no third-party identity';
      const lines = removed.length > 0 ? removed.map((i) => `removed from ${userLabel(user)}: ${line(i)}`) : [`${userLabel(user)} has ${which} bound; nothing removed`];
      return { lines, data: { user: user.id, removed: removed.map(view) } };
    },
  }),
];
