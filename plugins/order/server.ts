/** The order plugin on the server: settlement, placing, paying, cancelling and receiving orders, with their jobs. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { orderContract } from './contract';
import { orderInvariants } from './invariants';
import { orderJobs } from './jobs';
import { cancelOrder, payOrder, receiveOrder } from './lifecycle';
import { order001Init } from './migrations/order_001_init';
import { order002EnglishSnapshot } from './migrations/order_002_english_snapshot';
import { order003KernelRequestKeys } from './migrations/order_003_kernel_request_keys';
import { order004Parcel } from './migrations/order_004_parcel';
import { orderCommands } from './operator';
import { placeOrder, settlement } from './place';
import { listOrders, orderCounts, orderDetail } from './queries';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [order001Init, order002EnglishSnapshot, order003KernelRequestKeys, order004Parcel],
  routes(api) {
    api.handle(orderContract.settlement, (payload, ctx) => settlement(ctx, payload));
    // Hot rows (stock, balance): placing and paying hold at READ COMMITTED (./place.ts, ./lifecycle.ts).
    api.handle(orderContract.confirm, (payload, ctx) => placeOrder(ctx, payload), { idempotent: true, isolation: 'read committed' });
    api.handle(orderContract.pay, (payload, ctx) => payOrder(ctx.db, ctx.services, ctx.requireUser().id, payload.order_no), { idempotent: true, isolation: 'read committed' });
    api.handle(orderContract.cancel, (payload, ctx) => cancelOrder(ctx, ctx.requireUser().id, payload.order_no));
    api.handle(orderContract.receive, (payload, ctx) => receiveOrder(ctx.db, ctx.services, ctx.requireUser().id, payload.order_no));
    api.handle(orderContract.list, (payload, ctx) => listOrders(ctx.db, ctx.requireUser().id, payload.type as never, payload.page, payload.limit, ctx.lang));
    api.handle(orderContract.count, (_payload, ctx) => orderCounts(ctx.db, ctx.requireUser().id));
    api.handle(orderContract.detail, (payload, ctx) =>
      orderDetail(ctx.db, ctx.requireUser().id, payload.order_no, ctx.services.clock.nowSeconds(), ctx.lang),
    );
  },
  commands: orderCommands,
  jobs: orderJobs,
  invariants: orderInvariants,
});
