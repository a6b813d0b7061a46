/**
 * The cash plugin's operator commands: staff list cash-outs, review pending ones and mark
 * approved ones paid once the money is transferred —
 *   storefront cash list [--state pending] [--limit 20]
 *   storefront cash review <cash-id> --approve | --reject --reason "…"
 *   storefront cash pay <cash-id>
 */
import * as z from 'zod/mini';
import { formatYuan } from '@kernel/core/money';
import { id as idSchema, optionalText, whole } from '@kernel/core/schemas';
import { businessDateTime } from '@kernel/server/clock';
import { defineCommand, flag, option } from '@kernel/server/operator-options';
import { OperatorError, type OperatorCommand, type OperatorContext } from '@kernel/server/plugin';
import { latestCash } from './queries';
import { moveCash } from './review';
import type { CashSettings } from './settings';
import { CASH_STATE, STATE_NAMES, stateName, type CashMove, type CashState } from './states';

const REASON_MAX = 200;

/** The one argument of `review` and `pay`. */
const cashArgument = z.object({ cashId: idSchema() });

const name = (state: CashState) => stateName(state) ?? String(state);

/** Runs a move and says why it did not happen: no such cash-out, or a state that does not allow it. */
async function move(ctx: OperatorContext<CashSettings>, id: number, action: CashMove, reason?: string) {
  const result = await moveCash(ctx.db, ctx.services, id, action, reason);
  if (!result) throw new OperatorError(`cash-out ${id} does not exist in site \`${ctx.siteName}\``);
  if (!result.moved) {
    const needed = action === 'pay' ? 'an approved cash-out can be marked paid' : 'a pending cash-out can be reviewed';
    throw new OperatorError(`cash-out ${id} is ${name(result.state)}; only ${needed}`);
  }
  const row = await ctx.db
    .selectFrom('cash_withdrawal')
    .select(['id', 'user_id', 'state', 'amount', 'actual', 'holder', 'bank', 'card_no', 'reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const shopper = await ctx.services.users.find(ctx.db, { id: row.user_id });
  return { ...row, username: shopper?.username ?? `user ${row.user_id}`, amount: Number(row.amount), actual: Number(row.actual) };
}

export const cashCommands: OperatorCommand<CashSettings>[] = [
  defineCommand({
    command: 'cash list',
    description: 'show the newest cash-outs, with the card each goes to (of one state with --state)',
    csv: true,
    options: z.object({
      state: option(z.optional(z.enum(STATE_NAMES)), `only cash-outs in this state: ${STATE_NAMES.join(', ')}`, 'state'),
      limit: option(z._default(whole({ min: 1 }), 20), 'how many to show', 'n'),
    }),
    async run({ options, ctx }) {
      const { limit } = options;
      const state = options.state === undefined ? undefined : CASH_STATE[options.state];
      const rows = await latestCash(ctx, { state, limit });
      const lines = rows.map(
        (r) =>
          `${r.id}  ${r.username}  ${name(r.state)}  ¥${formatYuan(r.amount)} (fee ${formatYuan(r.fee)}, pay ¥${formatYuan(r.actual)})  ` +
          `${r.bank} ${r.card_no} ${r.holder}  ${businessDateTime(r.created_at * 1000)}${r.reason ? `  reason: ${r.reason}` : ''}`,
      );
      if (lines.length === 0) lines.push(`no ${options.state ? `${options.state} ` : ''}cash-outs in site \`${ctx.siteName}\``);
      return { lines, data: rows.map((r) => ({ ...r, state_name: name(r.state) })) };
    },
  }),
  defineCommand({
    command: 'cash review <cash-id>',
    description: 'approve a pending cash-out, or reject it with a reason (the held amount returns to the shopper)',
    arguments: cashArgument,
    options: z.object({
      approve: flag('approve it: staff then transfer the money and run `cash pay`'),
      reject: flag('reject it; needs --reason'),
      reason: option(optionalText(REASON_MAX), 'why it is rejected (the shopper reads it)', 'text'),
    }),
    check: ({ approve, reject, reason }, { args: [id], given }) => {
      if (approve && reject) return [`cash-out ${id}: choose one of --approve and --reject, not both`];
      if (!approve && !reject) return [`cash-out ${id}: say --approve or --reject`];
      if (approve && given.has('reason')) return [`cash-out ${id}: --reason goes with --reject only`];
      // A reason that failed its own check (too long) is reported already.
      if (reject && (!given.has('reason') || reason === '')) return [`cash-out ${id}: --reject needs --reason "…" (the shopper reads it)`];
      return [];
    },
    async run({ params: { cashId: id }, options, ctx }) {
      const approve = options.approve === true;
      const row = await move(ctx, id, approve ? 'approve' : 'reject', options.reason ?? '');
      const lines = approve
        ? [`cash-out ${id} approved: transfer ¥${formatYuan(row.actual)} to ${row.bank} ${row.card_no} (${row.holder}), then \`storefront cash pay ${id}\``]
        : [`cash-out ${id} rejected: ¥${formatYuan(row.amount)} returned to ${row.username}'s balance`];
      return { lines, data: { id, state: row.state, state_name: name(row.state), reason: row.reason } };
    },
  }),
  defineCommand({
    command: 'cash pay <cash-id>',
    description: 'mark an approved cash-out paid, once the money is transferred',
    arguments: cashArgument,
    async run({ params: { cashId: id }, ctx }) {
      const row = await move(ctx, id, 'pay');
      return {
        lines: [`cash-out ${id} paid: ¥${formatYuan(row.actual)} to ${row.bank} ${row.card_no} (${row.holder}, shopper ${row.username})`],
        data: { id, state: row.state, state_name: name(row.state) },
      };
    },
  }),
];
