/** The first payment method: the shopper's balance, debited at once through the kernel ledger, refunded to it. */
import type { PaymentMethod } from './payments';

export const balancePayment: PaymentMethod = {
  id: 'balance',
  label: 'order:pay.balance',
  async start({ tx, services, order }) {
    // The debit is conditional: a short balance refuses and nothing is taken.
    if (order.payAmount > 0) await services.ledger.debit(tx, { userId: order.userId, account: 'money', amount: order.payAmount, reason: 'order:ledger.pay', ref: order.orderNo });
    return { paid: true };
  },
  async refund({ tx, services, order, amount }) {
    if (amount > 0) await services.ledger.credit(tx, { userId: order.userId, account: 'money', amount, reason: 'order:ledger.refund', ref: order.orderNo });
  },
};
