/**
 * The team plugin's operator commands: `storefront team tree <user>` (a shopper's inviters
 * upwards and their team on two levels) and `storefront team rebind <user> <parent>` (support:
 * moves a shopper under another inviter, refused when it would close a cycle), and
 * `storefront team commission list [--state frozen] [--limit 50]` (the newest commission with its
 * earner, buyer, order and timeline). A user is named by username, mobile, e-mail or id.
 */
import * as z from 'zod/mini';
import { formatYuan } from '@kernel/core/money';
import { limit } from '@kernel/core/schemas';
import { businessDateTime } from '@kernel/server/clock';
import { invitees, invitersOf } from '@kernel/server/invite-tree';
import { defineCommand, option } from '@kernel/server/operator-options';
import { userLabel, userNamed, type NamedUser } from '@kernel/server/operator-users';
import type { OperatorCommand, OperatorContext } from '@kernel/server/plugin';
import { rebind } from './bind';
import { ratePercent } from './commission-page';
import { COMMISSION_STATES } from './contract';
import type {} from './tables';

/** Everyone on a level of `of`'s team, oldest first (an operator reads the whole tree). */
async function levelOf(ctx: OperatorContext, of: number, level: 1 | 2) {
  const { rows } = await invitees(ctx.db, { of, level, page: 1, limit: 10_000 });
  return rows.reverse();
}

export const teamCommands: OperatorCommand[] = [
  defineCommand({
    command: 'team tree <user>',
    description: "show a shopper's inviters upwards and their team on two levels",
    options: z.object({}),
    async run({ args, ctx }) {
      const user = await userNamed(ctx, args[0] ?? '');
      const up = await invitersOf(ctx.db, user.id);
      const [level1, level2] = await Promise.all([levelOf(ctx, user.id, 1), levelOf(ctx, user.id, 2)]);
      const names = new Map<number, NamedUser>([...level1, ...level2].map((u) => [u.id, u]));
      for (const [id, found] of await ctx.services.users.byIds(ctx.db, up)) names.set(id, found);
      const name = (id: number) => userLabel(names.get(id) ?? { id, username: '?', nickname: '' });
      const lines = [
        `inviters: ${up.length > 0 ? up.map(name).join(' ← ') : 'none'}`,
        userLabel(user),
        ...level1.flatMap((child) => [`  ${name(child.id)}`, ...level2.filter((g) => g.parentId === child.id).map((g) => `    ${name(g.id)}`)]),
        `level 1: ${level1.length}, level 2: ${level2.length}`,
      ];
      return { lines, data: { user: user.id, inviters: up, level1: level1.map((c) => c.id), level2: level2.map((c) => c.id) } };
    },
  }),
  defineCommand({
    command: 'team rebind <user> <parent>',
    description: 'move a shopper under another inviter (support); refused when it would make a cycle',
    options: z.object({}),
    async run({ args, ctx }) {
      const [user, parent] = await Promise.all([userNamed(ctx, args[0] ?? ''), userNamed(ctx, args[1] ?? '')]);
      const previous = await rebind(ctx.db, user.id, parent.id, ctx.services.clock.nowSeconds());
      return { lines: [`${userLabel(user)} is now invited by ${userLabel(parent)} (before: ${previous === null ? 'nobody' : `#${previous}`})`], data: { user: user.id, parent: parent.id, previous } };
    },
  }),
  defineCommand({
    command: 'team commission list',
    description: 'show the newest commission: earner, buyer, order, level, amount, state and its timeline',
    options: z.object({
      state: option(z.optional(z.enum(COMMISSION_STATES)), `only commission in this state: ${COMMISSION_STATES.join(', ')}`, 'state'),
      limit: option(limit(1000, 50), 'how many to show', 'n'),
    }),
    async run({ options, ctx }) {
      let query = ctx.db.selectFrom('team_commission').selectAll().orderBy('id', 'desc').limit(options.limit);
      if (options.state) query = query.where('state', '=', options.state);
      const rows = await query.execute();
      const users = await ctx.services.users.byIds(ctx.db, [...new Set(rows.flatMap((r) => [Number(r.user_id), Number(r.buyer_id)]))]);
      const name = (id: number) => users.get(id)?.username ?? `#${id}`;
      const when = (at: number | null) => (at === null ? null : businessDateTime(Number(at) * 1000));
      const lines = rows.map((r) => {
        const timeline = [`earned ${when(r.created_at)}`, r.release_at === null ? 'due when the order completes' : `due ${when(r.release_at)}`];
        if (r.released_at !== null) timeline.push(`credited ${when(r.released_at)}`);
        if (r.reversed_at !== null) timeline.push(`reversed ${when(r.reversed_at)}`);
        if (r.clawed_at !== null) timeline.push(`taken back ${when(r.clawed_at)}`);
        return `${r.id}  ${name(Number(r.user_id))} ← ${name(Number(r.buyer_id))}  order ${r.order_no}  level ${r.level}${r.via === 'agent' ? ' (agent link)' : ''}  ${formatYuan(Number(r.amount))} (${ratePercent(Number(r.rate))} of ${formatYuan(Number(r.base))})  ${r.state}  ${timeline.join(', ')}`;
      });
      if (lines.length === 0) lines.push(`no commission${options.state ? ` ${options.state}` : ''} in site \`${ctx.siteName}\``);
      return { lines, data: rows.map((r) => ({ ...r, id: Number(r.id), amount: Number(r.amount) })) };
    },
  }),
];
