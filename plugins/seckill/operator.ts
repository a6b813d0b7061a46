/**
 * The flash-sale plugin's operator commands, mounted by the CLI while the plugin is enabled:
 *   storefront seckill session add --start "2026-03-02 10:00" --end "2026-03-02 12:00" [--title 10:00]
 *   storefront seckill goods add <session> <sku> --price 9.90 --stock 20 --quota 1
 *   storefront seckill list
 *   storefront seckill close <session>
 * Options are schemas (kernel/server/operator-options.ts); each command lists every problem at once.
 */
import * as z from 'zod/mini';
import { formatYuan, toFen } from '@kernel/core/money';
import { id as idSchema, optionalText, whole, yuan } from '@kernel/core/schemas';
import { businessDateTime } from '@kernel/server/clock';
import { defineCommand, option } from '@kernel/server/operator-options';
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { addItem, addSession, businessDateTimeOf, closeSession } from './setup';
import { sessionState } from './state';
import type {} from './tables';

const dateTime = (help: string) =>
  option(z.string().check(z.trim(), z.refine((v) => businessDateTimeOf(v) !== null, { error: 'kernel:payload.date' })), help, '"YYYY-MM-DD HH:mm"');

export const sessionOptions = z.object({
  start: dateTime('when the session starts, Asia/Shanghai time'),
  end: dateTime('when it ends'),
  title: option(optionalText(40), 'what the tab says (default: the start, e.g. 10:00)', 'text'),
});

export const goodsOptions = z.object({
  price: option(yuan(), 'the flash price, yuan (e.g. 9.90), below the SKU\'s price', 'yuan'),
  stock: option(whole({ min: 1, max: 1_000_000 }), 'how many are set aside from the SKU\'s stock', 'n'),
  quota: option(whole({ min: 1, max: 1000 }), 'the most one shopper may buy', 'n'),
});

const when = (seconds: number) => businessDateTime(seconds * 1000).slice(0, 16);
const STATE_WORDS = ['not started', 'starts today', 'running', 'ended'] as const;

export const seckillCommands: OperatorCommand[] = [
  defineCommand({
    command: 'seckill session add',
    description: 'add a flash-sale session: a time window in which its goods sell at their flash price',
    options: sessionOptions,
    check(o) {
      const start = o.start === undefined ? null : businessDateTimeOf(o.start);
      const end = o.end === undefined ? null : businessDateTimeOf(o.end);
      return start !== null && end !== null && end <= start ? [`--end (${o.end}) must be after --start (${o.start})`] : [];
    },
    async run({ options, ctx }) {
      const start = businessDateTimeOf(options.start) as number;
      const end = businessDateTimeOf(options.end) as number;
      const id = await addSession(ctx.db, { start, end, title: options.title, now: ctx.services.clock.nowSeconds() });
      return { lines: [`session ${id} added: ${when(start)} – ${when(end)}`], data: { id } };
    },
  }),
  defineCommand({
    command: 'seckill goods add <session> <sku>',
    description: "add a SKU to a session at a flash price, taking its stock from the SKU's",
    arguments: z.object({ session: idSchema(), sku: idSchema() }),
    options: goodsOptions,
    // The rules needing the database (the SKU's price and stock, the quota within the stock) are ./setup.ts's addItem, all at once too.
    check: (o) => (o.price !== undefined && toFen(String(o.price)) < 1 ? ['--price must be at least 0.01'] : []),
    async run({ params: { session: sessionId, sku: skuId }, options, ctx }) {
      const id = await addItem(ctx.db, { sessionId, skuId, price: toFen(String(options.price)), stock: options.stock, quota: options.quota, now: ctx.services.clock.nowSeconds() });
      return { lines: [`item ${id}: SKU ${skuId} in session ${sessionId} at ¥${formatYuan(toFen(String(options.price)))}, stock ${options.stock}, quota ${options.quota}`], data: { id } };
    },
  }),
  {
    command: 'seckill list',
    description: 'show every session with its state and goods: price, stock, sold, left and quota',
    async run({ ctx }) {
      const now = ctx.services.clock.nowSeconds();
      const sessions = await ctx.db.selectFrom('seckill_session').selectAll().orderBy('start_at').orderBy('id').execute();
      const items = await ctx.db.selectFrom('seckill_goods').selectAll().orderBy('id').execute();
      const lines: string[] = [];
      const data = sessions.map((s) => {
        const times = { start_at: Number(s.start_at), end_at: Number(s.end_at), closed_at: s.closed_at === null ? null : Number(s.closed_at) };
        const state = sessionState(times, now);
        const goods = items.filter((i) => i.session_id === s.id).map((i) => ({ id: i.id, sku_id: i.sku_id, goods_id: i.goods_id, price: formatYuan(Number(i.price)), stock: i.stock, sold: i.sold, left: i.stock - i.sold, quota: i.quota }));
        lines.push(`session ${s.id} "${s.title}": ${when(times.start_at)} – ${when(times.end_at)}, ${STATE_WORDS[state]}${s.closed_at !== null ? ' (closed)' : ''}${s.unsold_returned_at !== null ? ', unsold stock returned' : ''}`);
        for (const g of goods) lines.push(`  item ${g.id}: SKU ${g.sku_id} ¥${g.price}, stock ${g.stock}, sold ${g.sold}, left ${g.left}, quota ${g.quota}`);
        return { id: s.id, title: s.title, start_at: times.start_at, end_at: times.end_at, state, closed: s.closed_at !== null, goods };
      });
      if (lines.length === 0) lines.push(`no flash-sale sessions in site \`${ctx.siteName}\``);
      return { lines, data };
    },
  },
  defineCommand({
    command: 'seckill close <session>',
    description: 'end a session now; its unsold stock goes back to the SKUs',
    arguments: z.object({ session: idSchema() }),
    async run({ params: { session: id }, ctx }) {
      const exists = await ctx.db.selectFrom('seckill_session').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw new OperatorError(`session ${id} does not exist (\`storefront seckill list\`)`);
      if (!(await closeSession(ctx.db, id, ctx.services.clock.nowSeconds()))) throw new OperatorError(`session ${id} has ended or was closed already`);
      return { lines: [`session ${id} closed; its unsold stock goes back to the SKUs`], data: { id } };
    },
  }),
];
