/**
 * Tells other plugins of an order's move: its event (public.ts), written in the move's own
 * transaction and delivered after the commit (kernel/server/events.ts). The order is read here,
 * in that transaction, so every event says the same of it whichever move sent it.
 */
import type { EventDef } from '@kernel/server/events';
import type { ServerServices, Tx } from '@kernel/server/plugin';
import type { OrderEvent } from './public';
import type {} from './tables';

/** What an event says besides the order itself (a cancellation's reason, a refund's amount). */
type Extra<P extends OrderEvent> = Omit<P, keyof OrderEvent>;

export async function announce<P extends OrderEvent>(
  tx: Tx,
  services: ServerServices,
  event: EventDef<P>,
  orderId: number,
  ...extra: keyof Extra<P> extends never ? [] : [Extra<P>]
): Promise<void> {
  const order = await tx.selectFrom('order_order').select(['order_no', 'user_id', 'source', 'pay_amount']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const payload = { orderNo: order.order_no, orderId, userId: order.user_id, source: order.source, payAmount: Number(order.pay_amount), ...extra[0] } as P;
  await services.events.emit(tx, event, payload);
}
