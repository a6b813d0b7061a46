/**
 * The order plugin's operator commands, mounted by the CLI while the plugin is enabled:
 *   storefront order list [--state paid] [--source buy] [--since 2026-11-01] [--limit 20]
 *   storefront order show <order-no>
 *   storefront order ship <order-no> [--carrier 顺丰速运 --tracking SF1234567890]
 *   storefront order invoice <order-no> [--partly]
 *   storefront order refund <order-no>
 */
import * as z from 'zod/mini';
import { formatYuan } from '@kernel/core/money';
import { optionalText, whole } from '@kernel/core/schemas';
import { businessDate, businessDateTime } from '@kernel/server/clock';
import { looksLikeKey } from '@kernel/server/i18n';
import { businessDay, defineCommand, flag, option } from '@kernel/server/operator-options';
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { refundOrder, shipOrder } from './lifecycle';
import { latestOrders, orderForStaff, STATE_NAMES, stateNameOf, type StaffOrder } from './operator-view';
import type { OrderSettings } from './settings';
import { STATUS } from './states';
import type {} from './tables';

const STATES = Object.keys(STATE_NAMES) as (keyof typeof STATE_NAMES)[];
const yuan = (fen: number) => `¥${formatYuan(fen)}`;
const when = (seconds: number) => businessDateTime(seconds * 1000);

/** `order show` in words: what an operator reads before shipping or answering a shopper. */
function describeOrder(o: StaffOrder, t: (key: string) => string): string[] {
  const { timeline: at } = o;
  const steps: [string, number | null][] = [
    ['placed', at.placed],
    ['paid', at.paid],
    ['shipped', at.shipped],
    ['expected delivery', at.expected_delivery],
    ['received', at.received],
    ['completed', at.completed],
    ['cancelled', at.cancelled],
    ['refunded', at.refunded],
  ];
  const invoice = o.invoice ? `${o.invoice.title}${o.invoice.tax_no ? ` (${o.invoice.tax_no})` : ''}, ${['not issued', 'issued', 'partly issued'][o.invoice_status] ?? 'not issued'}` : 'none';
  return [
    `order ${o.order_no} of ${o.username} (user ${o.user_id}): ${o.state}${o.cancel_reason ? ` (by ${o.cancel_reason})` : ''}, placed through ${o.source}`,
    ...o.lines.map((l) => `  ${l.name}${l.spec ? ` [${l.spec}]` : ''}  ${yuan(l.price)} × ${l.quantity} = ${yuan(l.total)}  (goods ${l.goods_id}, SKU ${l.sku_id})`),
    `goods ${yuan(o.goods_amount)}`,
    ...o.adjustments.map((a) => `${looksLikeKey(a.label) ? t(a.label) : a.label}${a.detail ? ` "${a.detail}"` : ''} ${a.amount < 0 ? '-' : '+'}${yuan(Math.abs(a.amount))}`),
    `to pay ${yuan(o.pay_amount)}${o.state === 'unpaid' ? ` by ${when(at.pay_deadline)}` : ''}`,
    ...steps.filter(([, value]) => value !== null).map(([step, value]) => `${step} ${when(value as number)}`),
    `ship to ${o.address.consignee} ${o.address.mobile}, ${o.address.address}`,
    ...(o.carrier || o.tracking_no ? [`parcel ${[o.carrier, o.tracking_no].filter(Boolean).join(' ')}`] : []),
    `remark ${o.remark || 'none'}`,
    `invoice ${invoice}`,
  ];
}

export const orderCommands: OperatorCommand<OrderSettings>[] = [
  defineCommand({
    command: 'order list',
    description: 'show the newest orders with their shoppers, states and amounts (filtered by state, source or date)',
    csv: true,
    options: z.object({
      state: option(z.optional(z.enum(STATES)), `only orders in this state: ${STATES.join(', ')}`, 'state'),
      source: option(z.optional(z.string().check(z.trim(), z.regex(/^[a-z][a-z0-9_-]{0,31}$/))), 'only orders placed through this source: cart, buy, …', 'source'),
      since: option(z.optional(businessDay()), 'only orders placed on or after this day, YYYY-MM-DD (Asia/Shanghai)', 'date'),
      limit: option(z._default(whole({ min: 1, max: 1000 }), 20), 'how many to show', 'n'),
    }),
    async run({ options, ctx }) {
      const rows = await latestOrders(ctx, options);
      const lines = rows.map((r) => `${r.order_no}  ${r.username}  ${r.state}  ${yuan(r.pay_amount)}  ${r.quantity} items  ${r.source}  ${when(r.created_at)}`);
      if (lines.length === 0) {
        const filters = [options.state, options.source && `from ${options.source}`, options.since !== undefined && `since ${businessDate(options.since * 1000)}`].filter(Boolean);
        lines.push(`no orders${filters.length > 0 ? ` (${filters.join(', ')})` : ''} in site \`${ctx.siteName}\``);
      }
      return { lines, data: rows };
    },
  }),
  {
    command: 'order show <order-no>',
    description: 'show one order: its lines, amounts, state, timeline, address, parcel and invoice',
    async run({ args, ctx }) {
      const order = await orderForStaff(ctx, args[0]);
      if (!order) throw new OperatorError(`order ${args[0]} does not exist in site \`${ctx.siteName}\``);
      return { lines: describeOrder(order, ctx.t), data: order };
    },
  },
  defineCommand({
    command: 'order ship <order-no>',
    description: 'ship a paid order in a parcel (the shopper sees it under "to receive", with the carrier and tracking number)',
    options: z.object({
      carrier: option(optionalText(40), 'who carries the parcel, e.g. 顺丰速运', 'name'),
      tracking: option(z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{4,40}$/))), "the carrier's tracking number, e.g. SF1234567890", 'number'),
    }),
    check: (_options, { given }) => (given.has('carrier') === given.has('tracking') ? [] : ['give --carrier and --tracking together: the shopper looks the parcel up with both']),
    async run({ args, options, ctx }) {
      const parcel = { carrier: options.carrier ?? '', trackingNo: options.tracking ?? '' };
      const result = await shipOrder(ctx, args[0], ctx.settings.deliveryDays, parcel);
      if (!result) throw new OperatorError(`order ${args[0]} does not exist in site \`${ctx.siteName}\``);
      if (!result.shipped) {
        throw new OperatorError(`order ${args[0]} is ${stateNameOf(result.status)}; only a paid order can be shipped`);
      }
      const inParcel = parcel.carrier || parcel.trackingNo ? ` with ${[parcel.carrier, parcel.trackingNo].filter(Boolean).join(' ')}` : '';
      return {
        lines: [`order ${args[0]} is shipped${inParcel}; it counts as received after ${ctx.settings.autoReceiveDays} days`],
        data: { order_no: args[0], status: STATUS.shipped, carrier: parcel.carrier, tracking_no: parcel.trackingNo },
      };
    },
  }),
  defineCommand({
    command: 'order refund <order-no>',
    description: 'refund a paid, shipped or received order in full, through the payment method that took the money',
    options: z.object({}),
    async run({ args, ctx }) {
      const result = await refundOrder(ctx, args[0]);
      if (!result) throw new OperatorError(`order ${args[0]} does not exist in site \`${ctx.siteName}\``);
      if (!result.refunded) {
        throw new OperatorError(`order ${args[0]} is ${stateNameOf(result.status)}; only a paid, shipped or received order can be refunded`);
      }
      return { lines: [`order ${args[0]} is refunded: ${yuan(result.amount)} went back to the shopper`], data: { order_no: args[0], status: STATUS.refunded, refund_amount: result.amount } };
    },
  }),
  defineCommand({
    command: 'order invoice <order-no>',
    description: 'mark the invoice of an order as issued (or partly issued with --partly)',
    options: z.object({ partly: flag('only part of the order is invoiced') }),
    async run({ args, options, ctx }) {
      const order = await ctx.db.selectFrom('order_order').select(['id', 'invoice', 'status']).where('order_no', '=', args[0]).executeTakeFirst();
      if (!order) throw new OperatorError(`order ${args[0]} does not exist in site \`${ctx.siteName}\``);
      if (!order.invoice) throw new OperatorError(`order ${args[0]} asked for no invoice`);
      if (order.status === STATUS.cancelled || order.status === STATUS.placed) {
        throw new OperatorError(`order ${args[0]} is ${stateNameOf(order.status)}; only a paid order is invoiced`);
      }
      const invoiceStatus = options.partly === true ? 2 : 1;
      await ctx.db.updateTable('order_order').set({ invoice_status: invoiceStatus }).where('id', '=', order.id).execute();
      return { lines: [`order ${args[0]}: invoice ${invoiceStatus === 1 ? 'issued' : 'partly issued'}`], data: { order_no: args[0], invoice_status: invoiceStatus } };
    },
  }),
];
