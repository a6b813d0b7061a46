/** The order plugin on the server: settlement, placing, paying, cancelling and receiving orders, with their jobs. */
import { contribute } from '@kernel/core/extension';
import { defineServerPlugin } from '@kernel/server/plugin';
import { buySource } from './buy-source';
import { orderContract } from './contract';
import { orderInvariants } from './invariants';
import { orderSources } from './sources';
import { orderJobs } from './jobs';
import { cancelOrder, payOrder, receiveOrder } from './lifecycle';
import { order001Init } from './migrations/order_001_init';
import { order002EnglishSnapshot } from './migrations/order_002_english_snapshot';
import { order003KernelRequestKeys } from './migrations/order_003_kernel_request_keys';
import { order004Parcel } from './migrations/order_004_parcel';
import { order005PaymentMethod } from './migrations/order_005_payment_method';
import { order006SourceId } from './migrations/order_006_source_id';
import { order007RefundedAt } from './migrations/order_007_refunded_at';
import { takeNotification } from './notify';
import { orderCommands } from './operator';
import { paymentMethods } from './pay-methods';
import { placeOrder, refuseEarly, settlement } from './place';
import { listOrders, orderCounts, orderDetail } from './queries';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [order001Init, order002EnglishSnapshot, order003KernelRequestKeys, order004Parcel, order005PaymentMethod, order006SourceId, order007RefundedAt],
  routes(api) {
    api.handle(orderContract.settlement, (payload, ctx) => settlement(ctx, payload));
    // Hot rows (stock, balance): placing and paying hold at READ COMMITTED (./place.ts, ./lifecycle.ts).
    api.handle(orderContract.confirm, (payload, ctx) => placeOrder(ctx, payload), {
      idempotent: true,
      isolation: 'read committed',
      refuseEarly: (payload, ctx) => refuseEarly(ctx, payload),
    });
    api.handle(orderContract.pay, (payload, ctx) => payOrder(ctx.db, ctx.services, ctx.extensions, ctx.requireUser().id, payload.order_no, payload.method), { idempotent: true, isolation: 'read committed' });
    api.handle(orderContract.payMethods, (_payload, ctx) => ({ list: paymentMethods(ctx.extensions).map((m) => ({ id: m.id, name: ctx.t(m.label) })) }));
    api.handle(orderContract.cancel, (payload, ctx) => cancelOrder(ctx, ctx.requireUser().id, payload.order_no));
    api.handle(orderContract.receive, (payload, ctx) => receiveOrder(ctx, ctx.requireUser().id, payload.order_no));
    api.handle(orderContract.list, (payload, ctx) => listOrders(ctx.db, ctx.requireUser().id, payload.type as never, payload.page, payload.limit, ctx.lang));
    api.handle(orderContract.count, (_payload, ctx) => orderCounts(ctx.db, ctx.requireUser().id));
    api.handle(orderContract.detail, (payload, ctx) =>
      orderDetail(ctx.db, ctx.requireUser().id, payload.order_no, ctx.services.clock.nowSeconds(), ctx.lang),
    );
  },
  // A payment provider's notification: the method checks its signature over the raw body (./notify.ts).
  webhooks: [{ path: '/notify/order/:method', handle: async ({ body, headers, params }, ctx) => (await takeNotification(ctx, params.method ?? '', { body, headers })).reply }],
  // "Buy now" is the order plugin's own source; the cart contributes `cart`.
  contributes: contribute(orderSources, buySource),
  commands: orderCommands,
  jobs: orderJobs,
  invariants: orderInvariants,
});
