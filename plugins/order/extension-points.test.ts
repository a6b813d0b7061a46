import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProject, type FakeProject } from '@kernel/server/fake-project';
import { createTestServer, REPO_ROOT, type TestServer, type TestUser } from '@kernel/server/testing';
import { orderContract } from './contract';
import { onSaleSku } from './testing';

// A plugin of the tests alone, beside the real ones, editing no file of the order plugin:
// - the `lucky` order source (a lucky draw's prize sale): its own stock per SKU (`lucky_stock`),
//   10 minutes to pay, at most 2 items an order;
// - an `order.transitions` hook writing each move it sees into `lucky_moves`, in the move's
//   transaction, and throwing on a cancel while `lucky_switch.failing` is set.
const luckyServer = `
import { contribute } from '@kernel/core/extension';
import { BizError } from '@kernel/core/errors';
import { withId } from '@kernel/server/migrations/columns';
import { defineServerPlugin } from '@kernel/server/plugin';
import { catalogueLines, orderSources, orderTransitions, type OrderSourceDef, type OrderTransitionHook } from '@plugins/order/public';
import descriptor from './plugin';
import type { Generated } from 'kysely';

declare module '@kernel/server/database' {
  interface Database {
    lucky_stock: { id: Generated<number>; sku_id: number; stock: number };
    lucky_moves: { id: Generated<number>; order_no: string; action: string; from_status: number; to_status: number };
    lucky_switch: { id: Generated<number>; failing: number };
  }
}

const lucky: OrderSourceDef = {
  id: 'lucky',
  payMinutes: 10,
  maxQuantity: 2,
  async lines(tx, { payload, lang }) {
    if (!payload.goods_id || !payload.sku_id) throw new BizError('order:message.choose_sku');
    return catalogueLines(tx, [{ goodsId: payload.goods_id, skuId: payload.sku_id, quantity: payload.num ?? 1, ref: null }], lang);
  },
  async reserve(tx, { lines }) {
    for (const line of lines) {
      const taken = await tx.updateTable('lucky_stock').set((eb) => ({ stock: eb('stock', '-', line.quantity) })).where('sku_id', '=', line.sku.skuId).where('stock', '>=', line.quantity).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new BizError('order:message.stock_short', { name: line.sku.name, stock: 0 });
    }
  },
  async release(tx, { lines }) {
    for (const line of lines) await tx.updateTable('lucky_stock').set((eb) => ({ stock: eb('stock', '+', line.quantity) })).where('sku_id', '=', line.skuId).execute();
  },
};

const ledger: OrderTransitionHook = {
  id: 'lucky',
  on: ['pay', 'cancel', 'expire', 'ship', 'receive', 'complete', 'refund'],
  async moved({ tx, action, from, to, orderNo }) {
    await tx.insertInto('lucky_moves').values({ order_no: orderNo, action, from_status: from, to_status: to }).execute();
    const { failing } = await tx.selectFrom('lucky_switch').select('failing').executeTakeFirstOrThrow();
    if (failing && action === 'cancel') throw new BizError('order:message.state_changed');
  },
};

export default defineServerPlugin(descriptor, {
  migrations: [{ name: 'lucky_001_init', up: async (db) => {
    await withId(db, db.schema.createTable('lucky_stock')).addColumn('sku_id', 'integer', (c) => c.notNull()).addColumn('stock', 'integer', (c) => c.notNull()).execute();
    await withId(db, db.schema.createTable('lucky_moves')).addColumn('order_no', 'varchar(40)', (c) => c.notNull()).addColumn('action', 'varchar(20)', (c) => c.notNull()).addColumn('from_status', 'integer', (c) => c.notNull()).addColumn('to_status', 'integer', (c) => c.notNull()).execute();
    await withId(db, db.schema.createTable('lucky_switch')).addColumn('failing', 'integer', (c) => c.notNull()).execute();
    await db.insertInto('lucky_switch' as never).values({ failing: 0 } as never).execute();
  } }],
  contributes: [...contribute(orderSources, lucky), ...contribute(orderTransitions, ledger)],
});
`;

let project: FakeProject;
let t: TestServer;
let keys = 0;

beforeAll(async () => {
  project = fakeProject({ lucky: { descriptor: { id: 'lucky', version: '1.0.0', requires: ['order'], fills: ['order.sources', 'order.transitions'] }, server: luckyServer } });
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, 'plugins'), { withFileTypes: true })) {
    if (entry.isDirectory()) fs.cpSync(path.join(REPO_ROOT, 'plugins', entry.name), path.join(project.root, 'plugins', entry.name), { recursive: true });
  }
  t = await createTestServer({ root: project.root, plugins: ['order', 'cart', 'coupon', 'lucky'], seed: true, now: new Date('2026-03-02T02:00:00Z') });
});
afterAll(async () => {
  await t?.close();
  project?.remove();
});

async function shopper(): Promise<TestUser & { addressId: number }> {
  const user = await t.createUser({ money: 100_000_000 });
  const address = { name: '王小明', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '科技园路1号', is_default: 1 };
  const saved = await t.call<{ id: number }>('/api/address/save', address, { token: user.token });
  return { ...user, addressId: saved.body.data.id };
}

/** A SKU with 50 in the catalogue and `lucky` of its own for the lucky source. */
async function luckySku(lucky: number) {
  const sku = await onSaleSku(t.db, keys, 50);
  await sql`delete from lucky_stock where sku_id = ${sku.skuId}`.execute(t.db);
  await sql`insert into lucky_stock (sku_id, stock) values (${sku.skuId}, ${lucky})`.execute(t.db);
  return sku;
}
const luckyStock = async (skuId: number) => Number((await sql<{ stock: number }>`select stock from lucky_stock where sku_id = ${skuId}`.execute(t.db)).rows[0].stock);
const catalogueStock = async (skuId: number) => (await t.db.selectFrom('goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
const orderOf = (orderNo: string) => t.db.selectFrom('order_order').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
const movesOf = async (orderNo: string) => (await sql<{ action: string; from_status: number; to_status: number }>`select action, from_status, to_status from lucky_moves where order_no = ${orderNo} order by id`.execute(t.db)).rows.map((r) => `${r.action} ${Number(r.from_status)}→${Number(r.to_status)}`);
const setFailing = (failing: boolean) => sql`update lucky_switch set failing = ${failing ? 1 : 0}`.execute(t.db);

type Who = Awaited<ReturnType<typeof shopper>>;
const confirm = (who: Who, payload: Record<string, unknown>) => t.call(orderContract.confirm, { address_id: who.addressId, request_key: `points-${++keys}-key`, ...payload } as never, { token: who.token });
const placeLucky = async (who: Who, sku: { goodsId: number; skuId: number }, num = 1) => {
  const reply = await confirm(who, { source: 'lucky', goods_id: sku.goodsId, sku_id: sku.skuId, num });
  expect(reply.body.code).toBe(1);
  return reply.body.data.order_no as string;
};

describe('an order source contributed by another plugin', () => {
  it('places an order through it: its own stock, its own payment deadline, the source recorded', async () => {
    const ann = await shopper();
    const sku = await luckySku(3);
    const preview = await t.call(orderContract.settlement, { source: 'lucky', goods_id: sku.goodsId, sku_id: sku.skuId, num: 2 }, { token: ann.token });
    expect(preview.body.data).toMatchObject({ pay_minutes: 10, num: 2 });
    const orderNo = await placeLucky(ann, sku, 2);
    const order = await orderOf(orderNo);
    expect(order.source).toBe('lucky');
    expect(Number(order.pay_deadline) - Number(order.created_at)).toBe(10 * 60);
    expect(await luckyStock(sku.skuId)).toBe(1);
    // The catalogue's stock is not the lucky source's to take.
    expect(await catalogueStock(sku.skuId)).toBe(50);
  });

  it("refuses when its own stock is short, and more than its limit of items", async () => {
    const ann = await shopper();
    const sku = await luckySku(1);
    await placeLucky(ann, sku);
    const short = await confirm(ann, { source: 'lucky', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1 });
    expect([short.body.code, short.body.msg]).toEqual([0, expect.stringContaining('库存不足')]);
    const many = await confirm(ann, { source: 'lucky', goods_id: sku.goodsId, sku_id: sku.skuId, num: 3 });
    expect([many.body.code, many.body.msg]).toEqual([0, '该商品每单最多购买 2 件']);
  });

  it('gives its own stock back when its order is cancelled, and when it expires', async () => {
    const ann = await shopper();
    const sku = await luckySku(5);
    const cancelled = await placeLucky(ann, sku, 2);
    const expiring = await placeLucky(ann, sku, 2);
    expect(await luckyStock(sku.skuId)).toBe(1);
    expect((await t.call(orderContract.cancel, { order_no: cancelled }, { token: ann.token })).body.code).toBe(1);
    expect(await luckyStock(sku.skuId)).toBe(3);
    // Its own deadline: 10 minutes, not the site's 30.
    t.clock.advance(11 * 60_000);
    await t.runJobs();
    expect((await orderOf(expiring)).status).toBe(-1);
    expect(await luckyStock(sku.skuId)).toBe(5);
    expect(await catalogueStock(sku.skuId)).toBe(50);
  });

  it("keeps an expired order of a source whose plugin is off until it is back, expiring the others meanwhile", async () => {
    const ann = await shopper();
    const sku = await luckySku(5);
    const lucky = await placeLucky(ann, sku, 2);
    const bought = await confirm(ann, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1 });
    await t.setPlugins({ lucky: false });
    try {
      t.clock.advance(31 * 60_000);
      await t.runJobs();
      expect((await orderOf(bought.body.data.order_no)).status).toBe(-1);
      expect((await orderOf(lucky)).status).toBe(1);
    } finally {
      await t.setPlugins({ lucky: true });
    }
    await t.runJobs();
    expect((await orderOf(lucky)).status).toBe(-1);
    expect(await luckyStock(sku.skuId)).toBe(5);
  });

  it('refuses a source no enabled plugin registers, in the shopper’s language', async () => {
    const ann = await shopper();
    const sku = await luckySku(1);
    const zh = await confirm(ann, { source: 'seckill', goods_id: sku.goodsId, sku_id: sku.skuId });
    expect([zh.body.code, zh.body.msg]).toEqual([0, '不支持的下单方式：seckill']);
    const en = await t.call(orderContract.settlement, { source: 'seckill', goods_id: sku.goodsId, sku_id: sku.skuId }, { token: ann.token, lang: 'en' });
    expect([en.body.code, en.body.msg]).toEqual([0, 'Orders cannot be placed through “seckill”']);
  });
});

describe('hooks on an order’s moves (order.transitions)', () => {
  it('runs a hook on every move, seeing the state left and the state reached', async () => {
    const ann = await shopper();
    const sku = await luckySku(5);
    const orderNo = await placeLucky(ann, sku);
    expect((await t.call(orderContract.pay, { order_no: orderNo }, { token: ann.token })).body.code).toBe(1);
    expect((await t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token })).body.code).toBe(1);
    expect(await movesOf(orderNo)).toEqual(['pay 1→2', 'cancel 2→-1']);
  });

  it('rolls the move back with a hook that throws: the order, its stock and its money stay as they were', async () => {
    const ann = await shopper();
    const sku = await luckySku(5);
    const orderNo = await placeLucky(ann, sku);
    await t.call(orderContract.pay, { order_no: orderNo }, { token: ann.token });
    const balance = await t.services.ledger.balance(t.db, ann.id, 'money');
    await setFailing(true);
    try {
      const refused = await t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token });
      expect([refused.status, refused.body.code]).toEqual([200, 0]);
    } finally {
      await setFailing(false);
    }
    expect((await orderOf(orderNo)).status).toBe(2);
    expect(await luckyStock(sku.skuId)).toBe(4);
    expect(await t.services.ledger.balance(t.db, ann.id, 'money')).toBe(balance);
    expect(await movesOf(orderNo)).toEqual(['pay 1→2']);
    expect(await t.violations()).toEqual([]);
  });
});
