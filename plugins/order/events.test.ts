import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProject, type FakeProject } from '@kernel/server/fake-project';
import type { TestServer, TestUser } from '@kernel/server/testing';
import { orderContract } from './contract';
import { shipOrder } from './lifecycle';
import { onSaleSku, orderFixture, withRealPlugins, type OrderFixture } from './testing';

// A plugin of the tests alone, beside the real ones: it hears `order.paid`, and throws while
// `audit_switch.failing` is set.
const auditServer = `
import { subscribe } from '@kernel/server/events';
import { withId } from '@kernel/server/migrations/columns';
import { defineServerPlugin } from '@kernel/server/plugin';
import { orderPaid } from '@plugins/order/public';
import descriptor from './plugin';
import type { Generated } from 'kysely';

declare module '@kernel/server/database' {
  interface Database {
    audit_paid: { id: Generated<number>; order_no: string; amount: number };
    audit_switch: { id: Generated<number>; failing: number };
  }
}

export default defineServerPlugin(descriptor, {
  migrations: [{ name: 'audit_001_init', up: async (db) => {
    await withId(db, db.schema.createTable('audit_paid')).addColumn('order_no', 'varchar(40)', (c) => c.notNull()).addColumn('amount', 'integer', (c) => c.notNull()).execute();
    await withId(db, db.schema.createTable('audit_switch')).addColumn('failing', 'integer', (c) => c.notNull()).execute();
    await db.insertInto('audit_switch' as never).values({ failing: 0 } as never).execute();
  } }],
  subscribers: [
    subscribe(orderPaid, 'paid', async (paid, ctx) => {
      const { failing } = await ctx.tx.selectFrom('audit_switch').select('failing').executeTakeFirstOrThrow();
      if (failing) throw new Error('the audit book is locked');
      await ctx.tx.insertInto('audit_paid').values({ order_no: paid.orderNo, amount: paid.payAmount }).execute();
    }),
  ],
});
`;

let project: FakeProject;
let t: TestServer;
let fixture: OrderFixture;
let keys = 0;

beforeAll(async () => {
  project = fakeProject({ audit: { descriptor: { id: 'audit', version: '1.0.0', requires: ['order'] }, server: auditServer } });
  fixture = await orderFixture(['order', 'audit'], { root: withRealPlugins(project) });
  t = fixture.t;
});
afterAll(async () => {
  await t?.close();
  project?.remove();
});

const shopper = (money?: number) => fixture.shopper(money);

async function place(who: TestUser & { addressId: number }, num = 1) {
  const sku = await onSaleSku(t.db, keys, 50);
  const reply = await t.call(orderContract.confirm, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num, address_id: who.addressId, request_key: `events-key-${++keys}-abc` } as never, { token: who.token });
  expect(reply.body.code).toBe(1);
  return { orderNo: reply.body.data.order_no, price: sku.price * num };
}

/** The order's events as written in the outbox, in order. */
async function eventsOf(orderNo: string) {
  const rows = await t.db.selectFrom('kernel_event').select(['name', 'payload']).orderBy('id').execute();
  return rows.map((r) => ({ name: r.name, ...(JSON.parse(r.payload) as { orderNo: string; reason?: string }) })).filter((e) => e.orderNo === orderNo);
}

const pay = (who: TestUser, orderNo: string) => t.call(orderContract.pay, { order_no: orderNo }, { token: who.token });
const setFailing = (failing: boolean) => sql`update audit_switch set failing = ${failing ? 1 : 0}`.execute(t.db);

describe("the order's events", () => {
  it('emits order.placed, then order.paid once however often the order is paid', async () => {
    const ann = await shopper();
    const { orderNo, price } = await place(ann, 2);
    expect((await pay(ann, orderNo)).body.code).toBe(1);
    expect((await pay(ann, orderNo)).body.code).toBe(1);
    const said = { orderNo, userId: ann.id, source: 'buy', payAmount: price };
    expect(await eventsOf(orderNo)).toEqual([
      { name: 'order.placed', ...said, orderId: expect.any(Number), goodsAmount: price },
      { name: 'order.paid', ...said, orderId: expect.any(Number) },
    ]);
  });

  it('emits nothing of a payment that was refused', async () => {
    const poor = await shopper(1);
    const { orderNo } = await place(poor);
    expect((await pay(poor, orderNo)).body.code).toBe(0);
    expect((await eventsOf(orderNo)).map((e) => e.name)).toEqual(['order.placed']);
  });

  it('emits cancelled and refunded for a paid order the shopper cancels, and cancelled alone for one that expires', async () => {
    const ann = await shopper();
    const paid = await place(ann);
    await pay(ann, paid.orderNo);
    expect((await t.call(orderContract.cancel, { order_no: paid.orderNo }, { token: ann.token })).body.code).toBe(1);
    expect((await eventsOf(paid.orderNo)).slice(2)).toMatchObject([
      { name: 'order.cancelled', reason: 'shopper', wasPaid: true },
      { name: 'order.refunded', refundAmount: paid.price },
    ]);

    const unpaid = await place(ann);
    t.clock.advance(31 * 60_000);
    await t.runJobs();
    expect((await eventsOf(unpaid.orderNo)).map((e) => [e.name, e.reason])).toEqual([
      ['order.placed', undefined],
      ['order.cancelled', 'timeout'],
    ]);
  });

  it('emits shipped, received and completed as the order moves on', async () => {
    const ann = await shopper();
    const { orderNo } = await place(ann);
    await pay(ann, orderNo);
    await shipOrder(t.app.storefront, orderNo, 3);
    expect((await t.call(orderContract.receive, { order_no: orderNo }, { token: ann.token })).body.code).toBe(1);
    t.clock.advance(30 * 86400_000);
    await t.runJobs();
    expect((await eventsOf(orderNo)).map((e) => e.name)).toEqual(['order.placed', 'order.paid', 'order.shipped', 'order.received', 'order.completed']);
  });

  it('keeps the payment when a subscriber of order.paid throws, and delivers to it once it stops throwing', async () => {
    const ann = await shopper();
    await setFailing(true);
    const { orderNo, price } = await place(ann);
    expect((await pay(ann, orderNo)).body.data).toMatchObject({ status: 2 });
    await t.runJobs();
    expect((await t.db.selectFrom('order_order').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).status).toBe(2);
    expect(await t.violations()).toEqual([]);
    const delivery = () =>
      t.db.selectFrom('kernel_event_delivery as d').innerJoin('kernel_event as e', 'e.id', 'd.event_id').select(['d.state', 'd.attempts', 'd.last_error', 'e.payload']).where('e.name', '=', 'order.paid').where('e.payload', 'like', `%${orderNo}%`).executeTakeFirstOrThrow();
    expect(await delivery()).toMatchObject({ state: 'pending', attempts: 1, last_error: 'the audit book is locked' });

    await setFailing(false);
    t.clock.advance(1000);
    await t.runJobs();
    await t.runJobs();
    expect(await delivery()).toMatchObject({ state: 'done', attempts: 2 });
    const audited = await sql<{ order_no: string; amount: number }>`select order_no, amount from audit_paid where order_no = ${orderNo}`.execute(t.db);
    expect(audited.rows.map((r) => ({ ...r, amount: Number(r.amount) }))).toEqual([{ order_no: orderNo, amount: price }]);
  });
});
