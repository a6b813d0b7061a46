/**
 * A payment provider's notification (`POST /notify/order/<method id>`): the method checks the
 * signature over the raw body, and the order it names is paid once. Each notification is kept
 * once per (method, reference) (order_payment_notice): a repeated, late or racing one finds its
 * row — the unique index makes a racing twin wait for the first to commit — and changes nothing
 * twice. Money that arrives for an order that can no longer be paid (cancelled, past its
 * deadline, or already paid another way) goes straight back through the method that took it.
 */
import { hotTransaction, lockRows } from '@kernel/server/hot-transaction';
import type { Db, Extensions, ServerServices } from '@kernel/server/plugin';
import { markPaid } from './lifecycle';
import { paymentMethods, paymentOrder } from './pay-methods';
import type { PaymentMethod, ProviderReply, RawNotification } from './payments';
import { STATUS } from './states';

export interface NotifyScope {
  db: Db;
  services: ServerServices;
  extensions: Extensions;
}

export type NotifyOutcome = 'paid' | 'refunded' | 'repeat' | 'refused';

const UNKNOWN: ProviderReply = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'unknown payment method' };

/** Refuses inside the transaction: nothing of the notification is kept, and the provider is told to try again. */
class Refused extends Error {}

/** The notice, or null for a bad signature or a body the method cannot read (never a 500 to the provider). */
function verified(method: Required<Pick<PaymentMethod, 'verify'>>, raw: RawNotification) {
  try {
    return method.verify(raw);
  } catch {
    return null;
  }
}

/** Takes one notification for `methodId`; answers what the provider expects, and what became of it. */
export async function takeNotification(scope: NotifyScope, methodId: string, raw: RawNotification): Promise<{ reply: ProviderReply; outcome: NotifyOutcome }> {
  const method = paymentMethods(scope.extensions).find((m): m is PaymentMethod & Required<Pick<PaymentMethod, 'verify' | 'replies'>> => m.id === methodId && !!m.verify && !!m.replies);
  if (!method) return { reply: UNKNOWN, outcome: 'refused' };
  const notice = verified(method, raw);
  if (!notice) return { reply: method.replies.refused, outcome: 'refused' };
  const { db, services } = scope;
  try {
    const outcome = await hotTransaction(db).execute(async (tx): Promise<NotifyOutcome> => {
      const now = services.clock.nowSeconds();
      const kept = await tx
        .insertInto('order_payment_notice')
        .values({ method: method.id, reference: notice.reference, order_no: notice.orderNo, amount: notice.amount, outcome: 'paid', created_at: now })
        .onConflict((oc) => oc.columns(['method', 'reference']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!kept) return 'repeat';
      const order = await lockRows(tx, tx.selectFrom('order_order').selectAll().where('order_no', '=', notice.orderNo)).executeTakeFirst();
      // A notice for no order of ours, or for another amount, is not taken: the provider's staff must look.
      if (!order || Number(order.pay_amount) !== notice.amount) throw new Refused();
      const payable = order.status === STATUS.placed && now <= Number(order.pay_deadline);
      if (payable && (await markPaid(tx, scope, order, method.id))) return 'paid';
      await method.refund({ tx, services, order: paymentOrder(order), amount: notice.amount });
      await tx.updateTable('order_payment_notice').set({ outcome: 'refunded' }).where('id', '=', kept.id).execute();
      return 'refunded';
    });
    return { reply: method.replies.accepted, outcome };
  } catch (error) {
    if (error instanceof Refused) return { reply: method.replies.refused, outcome: 'refused' };
    throw error;
  }
}
