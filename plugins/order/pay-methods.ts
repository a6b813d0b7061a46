/** The payment methods a site offers: the balance always, then those of its enabled plugins (`order.payments`), in load order. */
import { BizError } from '@kernel/core/errors';
import type { Extensions, ServerServices, Tx } from '@kernel/server/plugin';
import { balancePayment } from './pay-balance';
import { orderPayments, type PaymentMethod } from './payments';
import type {} from './tables';

export function paymentMethods(extensions: Extensions): PaymentMethod[] {
  return [balancePayment, ...extensions(orderPayments).filter((m) => m.id !== balancePayment.id)];
}

/** The enabled method `id`; a method the site does not offer is refused by name. */
export function paymentMethod(extensions: Extensions, id: string): PaymentMethod {
  const method = paymentMethods(extensions).find((m) => m.id === id);
  if (!method) throw new BizError('order:message.method_unknown', { method: id });
  return method;
}

/** The order as its methods see it. */
export const paymentOrder = (order: { id: number; order_no: string; user_id: number; pay_amount: number }) => ({
  id: order.id,
  orderNo: order.order_no,
  userId: order.user_id,
  payAmount: Number(order.pay_amount),
});

/**
 * Gives a paid order's amount back through the method that took it (orders paid before methods
 * were recorded: the balance). A method whose plugin the site has since disabled refuses by name.
 */
export async function refundPayment(tx: Tx, services: ServerServices, extensions: Extensions, orderId: number): Promise<void> {
  const order = await tx.selectFrom('order_order').select(['id', 'order_no', 'user_id', 'pay_amount', 'payment_method']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const method = paymentMethod(extensions, order.payment_method || balancePayment.id);
  await method.refund({ tx, services, order: paymentOrder(order), amount: Number(order.pay_amount) });
}
