/** The order plugin's settings (a site sets them under `plugins.order.settings`). */
import * as z from 'zod/mini';
import { setting as whole } from '@kernel/core/schemas';

export const orderSettings = z.object({
  /** Minutes to pay before an order is cancelled and its stock returned. */
  paymentMinutes: whole(1, 24 * 60, 30),
  /** Days after shipping when an order counts as received. */
  autoReceiveDays: whole(1, 60, 10),
  /** Days after receipt when an order completes (the after-sales window). */
  afterSalesDays: whole(0, 60, 7),
  /** Days from shipping to the expected delivery shown to the shopper. */
  deliveryDays: whole(1, 30, 3),
});
export type OrderSettings = z.output<typeof orderSettings>;
