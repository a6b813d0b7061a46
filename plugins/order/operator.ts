/**
 * The order plugin's operator commands: staff ship paid orders and mark invoices issued
 * (`storefront order ship <order-no>`, `storefront order invoice <order-no> [--partly]`).
 */
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { shipOrder } from './lifecycle';
import type { OrderSettings } from './settings';
import { STATUS } from './states';
import type {} from './tables';

const STATE_NAMES: Record<number, string> = { [-1]: 'cancelled', 1: 'unpaid', 2: 'paid', 3: 'shipped', 4: 'received', 5: 'completed' };

export const orderCommands: OperatorCommand<OrderSettings>[] = [
  {
    command: 'order ship <order-no>',
    description: 'ship a paid order (the shopper sees it under "to receive")',
    async run({ args, ctx }) {
      const result = await shipOrder(ctx.db, ctx.services, args[0], ctx.settings.deliveryDays);
      if (!result) throw new OperatorError(`order ${args[0]} does not exist in site \`${ctx.siteName}\``);
      if (!result.shipped) {
        throw new OperatorError(`order ${args[0]} is ${STATE_NAMES[result.status]}; only a paid order can be shipped`);
      }
      return { lines: [`order ${args[0]} is shipped; it counts as received after ${ctx.settings.autoReceiveDays} days`], data: { order_no: args[0], status: STATUS.shipped } };
    },
  },
  {
    command: 'order invoice <order-no>',
    description: 'mark the invoice of an order as issued (or partly issued with --partly)',
    options: [{ flags: '--partly', description: 'only part of the order is invoiced' }],
    async run({ args, options, ctx }) {
      const order = await ctx.db.selectFrom('order_order').select(['id', 'invoice', 'status']).where('order_no', '=', args[0]).executeTakeFirst();
      if (!order) throw new OperatorError(`order ${args[0]} does not exist in site \`${ctx.siteName}\``);
      if (!order.invoice) throw new OperatorError(`order ${args[0]} asked for no invoice`);
      if (order.status === STATUS.cancelled || order.status === STATUS.placed) {
        throw new OperatorError(`order ${args[0]} is ${STATE_NAMES[order.status]}; only a paid order is invoiced`);
      }
      const invoiceStatus = options.partly === true ? 2 : 1;
      await ctx.db.updateTable('order_order').set({ invoice_status: invoiceStatus }).where('id', '=', order.id).execute();
      return { lines: [`order ${args[0]}: invoice ${invoiceStatus === 1 ? 'issued' : 'partly issued'}`], data: { order_no: args[0], invoice_status: invoiceStatus } };
    },
  },
];
