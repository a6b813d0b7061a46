/**
 * The shopper's moves on an order, shared by "my orders" and the detail: pay opens the
 * payment-waiting screen; cancel and confirm receipt ask first (spec §4), then call the server
 * and let the page refresh whatever the answer (a refusal means the order moved meanwhile).
 */
import { useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useKernel, useT } from '@kernel/client/hooks';
import { confirm, toast } from '@kernel/client/ui';
import { orderContract } from '../contract';
import { PAY_PATH } from '../paths';
import { isPaid, type ShopperAction } from '../rules';
import type { OrderStatus } from '../states';

export interface OrderRef {
  order_no: string;
  status: OrderStatus;
}

export interface OrderActions {
  run: (order: OrderRef, action: ShopperAction) => Promise<void>;
  /** The order number a call is running for. */
  busy: string | null;
}

export function useOrderActions(onChanged: () => void): OrderActions {
  const kernel = useKernel();
  const { t } = useT('order');
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (order: OrderRef, action: ShopperAction) => {
    if (action === 'pay') return kernel.nav.to(PAY_PATH, { order_no: order.order_no });
    if (busy) return;
    const question = action === 'receive' ? t('action.receive_confirm') : isPaid(order.status) ? t('action.cancel_paid_confirm') : t('action.cancel_confirm');
    // "取消 / 确定" under "取消订单" reads both ways: the buttons name what they do.
    const buttons = action === 'cancel' ? { confirmText: t('action.cancel'), cancelText: t('action.keep') } : {};
    if (!(await confirm({ title: t(`action.${action}`), content: question, ...buttons }))) return;
    setBusy(order.order_no);
    try {
      await kernel.http.data(orderContract[action], { order_no: order.order_no });
      toast(t(`action.${action}_done`), { icon: 'success' });
    } catch (failure) {
      // The kernel has shown the refusal; the refresh shows where the order stands.
      if (!isCallError(failure)) throw failure;
    } finally {
      setBusy(null);
      onChanged();
    }
  };
  return { run, busy };
}
