/**
 * Several API nodes on one PostgreSQL (issue #14's proof): real `storefront start` processes,
 * requests spread over them, the books checked in the database afterwards. Runs in
 * `npm run test:pg`; skipped without STOREFRONT_TEST_DATABASE_URL.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@kernel/server/app';
import { checkInvariants } from '@kernel/server/invariants';
import { testPostgresUrl } from '@kernel/server/test-database';
import { eventually } from '@kernel/server/test-wait';
import { STATUS } from '@plugins/order/states';
import { onSaleSku } from '@plugins/order/testing';
import { addItem, addSession } from '@plugins/seckill/setup';
import { startShop, type Reply, type Shop } from './nodes';
import { openSocket } from './sockets';

/** Users are inserted in one statement (hashing 300 passwords would take most of the test). */
const BLANK_USER = { nickname: '', avatar: '', gender: 0, money: 0, score: 0, motto: '', is_staff: 0, status: 1, joinip: '', lastloginip: '', email: null, mobile: null };
const ADDRESS = { name: '王小明', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '科技园路1号', is_default: 1 };

/** Output holding a turn of order/cancel-unpaid that began after `since` (ms) and found nothing due: `--log-level debug` prints one per turn. */
const cancelUnpaidTurnAfter = (since: number) => (output: string) =>
  [...output.matchAll(/job order\/cancel-unpaid: nothing due \(turn began (\S+)\)/g)].some(([, began]) => Date.parse(began) > since);

describe.skipIf(!testPostgresUrl())('two API nodes on one PostgreSQL', () => {
  let shop: Shop;
  /** The test's own view of the shop (services and registry); it serves nothing. */
  let admin: FastifyInstance;
  let counter = 0;

  beforeAll(async () => {
    shop = await startShop(2);
    admin = await createApp({ root: shop.copy.root, dataDir: path.join(shop.copy.root, 'data-admin'), databaseUrl: shop.url, site: 'default' });
  }, 180_000);
  afterAll(async () => {
    await admin?.close();
    await shop?.close();
  }, 60_000);

  const services = () => admin.storefront.services;

  /** `count` shoppers with money and an address; their addresses are saved through both nodes. */
  async function shoppers(count: number, money = 0) {
    const hash = await services().passwords.hash('secret123');
    const now = Math.floor(Date.now() / 1000);
    const rows = await shop.db
      .insertInto('kernel_user')
      .values(Array.from({ length: count }, () => ({ ...BLANK_USER, username: `node${++counter}x${process.pid}`, password_hash: hash, invite: `N${process.pid % 1000}${counter}`, jointime: now })))
      .returning('id')
      .execute();
    return Promise.all(
      rows.map(async ({ id }, i) => {
        const { token } = await services().tokens.issue(id);
        if (money > 0) {
          await shop.db.transaction().execute((tx) => services().ledger.credit(tx, { userId: id, account: 'money', amount: money, reason: 'kernel:ledger.grant', ref: `cluster-${id}` }));
        }
        const saved = await shop.call<{ id: number }>(i % 2, '/api/address/save', ADDRESS, token);
        if (saved.body.code !== 1) throw new Error(`address: ${saved.body.msg}`);
        return { id, token, addressId: saved.body.data.id };
      }),
    );
  }

  const skuWithStock = (stock: number) => onSaleSku(shop.db, counter % 5, stock);

  const buy = (node: number, shopper: { token: string; addressId: number }, sku: { skuId: number; goodsId: number }, key: string) =>
    shop.call<{ order_no: string }>(node, '/api/order/confirm', { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: shopper.addressId, request_key: key }, shopper.token);

  const stockOf = async (skuId: number) => (await shop.db.selectFrom('goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;

  async function violations() {
    const results = await checkInvariants(admin.storefront.db, admin.storefront.registry.plugins);
    return results.flatMap((r) => [...r.violations, ...(r.error ? [`${r.plugin}/${r.id}: ${r.error}`] : [])]);
  }

  it('sells exactly the last 50 items to 300 shoppers racing over both nodes', async () => {
    const crowd = await shoppers(300);
    const sku = await skuWithStock(50);
    const replies = await Promise.all(crowd.map((s, i) => buy(i % 2, s, sku, `race-${s.id}-key`)));
    const sold = replies.filter((r) => r.body.code === 1);
    expect(sold).toHaveLength(50);
    expect(replies.filter((r) => r.body.code === 0).every((r) => r.body.msg.includes('库存不足'))).toBe(true);
    // Both nodes sold some: the race really ran on two.
    expect(new Set(replies.map((r, i) => (r.body.code === 1 ? i % 2 : -1)).filter((n) => n >= 0)).size).toBe(2);
    expect(await stockOf(sku.skuId)).toBe(0);
    const orders = await shop.db.selectFrom('order_goods').select('order_id').where('sku_id', '=', sku.skuId).execute();
    expect(orders).toHaveLength(50);
    expect(await violations()).toEqual([]);
  }, 180_000);

  it('sells a flash sale\'s 20 units to 200 shoppers sending two buys each over both nodes: one each, never more', async () => {
    const crowd = await shoppers(200);
    const sku = await skuWithStock(100);
    const now = Math.floor(Date.now() / 1000);
    const sessionId = await addSession(shop.db, { start: now - 60, end: now + 3600, now });
    const itemId = await addItem(shop.db, { sessionId, skuId: sku.skuId, price: 100, stock: 20, quota: 1, now });
    const flash = (node: number, shopper: { token: string; addressId: number }, key: string) =>
      shop.call<{ order_no: string }>(node, '/api/order/confirm', { source: 'seckill', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: shopper.addressId, request_key: key }, shopper.token);
    const replies = await Promise.all(crowd.flatMap((s, i) => [flash(i % 2, s, `flash-${s.id}-a`), flash((i + 1) % 2, s, `flash-${s.id}-b`)]));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(20);
    expect(replies.filter((r) => r.body.code === 0).every((r) => r.body.msg === '已抢光' || r.body.msg.startsWith('每人限购'))).toBe(true);
    const item = await shop.db.selectFrom('seckill_goods').select(['sold', 'stock']).where('id', '=', itemId).executeTakeFirstOrThrow();
    expect(item).toEqual({ sold: 20, stock: 20 });
    const quotas = await shop.db.selectFrom('seckill_quota').select('bought').where('item_id', '=', itemId).execute();
    expect(quotas.map((q) => q.bought).every((bought) => bought <= 1)).toBe(true);
    expect(quotas.reduce((n, q) => n + q.bought, 0)).toBe(20);
    expect(await violations()).toEqual([]);
  }, 180_000);

  it('charges once for 20 payments of one order sent at once over both nodes', async () => {
    const [ann] = await shoppers(1, 10_000_000);
    const sku = await skuWithStock(5);
    const { order_no } = (await buy(0, ann, sku, 'pay-race-key1')).body.data;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => shop.call<{ status: number }>(i % 2, '/api/order/pay', { order_no }, ann.token)));
    expect(replies.every((r) => r.body.code === 1 && r.body.data.status === STATUS.paid)).toBe(true);
    const ledger = await shop.db.selectFrom('kernel_ledger').select('amount').where('ref', '=', order_no).execute();
    expect(ledger.map((l) => l.amount)).toEqual([-sku.price]);
    expect(await services().ledger.balance(shop.db, ann.id, 'money')).toBe(10_000_000 - sku.price);
    expect(await violations()).toEqual([]);
  }, 120_000);

  it('cancels an unpaid order once when its deadline passes while both nodes run their jobs', async () => {
    const [bob] = await shoppers(1);
    const sku = await skuWithStock(7);
    const { order_no } = (await buy(1, bob, sku, 'expire-once-1')).body.data;
    expect(await stockOf(sku.skuId)).toBe(6);
    const printedBefore = shop.nodes.map((node) => node.output().length);
    await shop.db.updateTable('order_order').set({ pay_deadline: Math.floor(Date.now() / 1000) - 1 }).where('order_no', '=', order_no).execute();
    // Each node runs cancel-unpaid every 15 s: the first turn after the deadline cancels it.
    const deadline = Date.now() + 40_000;
    let status: number = STATUS.placed;
    while (Date.now() < deadline && status !== STATUS.cancelled) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await shop.db.selectFrom('order_order').select('status').where('order_no', '=', order_no).executeTakeFirstOrThrow()).status;
    }
    expect(status).toBe(STATUS.cancelled);
    const cancelled = Date.now();
    // Then every node finishes a turn that began after the cancellation (so saw it): any second
    // cancellation, by that turn or an earlier one of the node, has been made by the time it reports.
    await Promise.all(
      shop.nodes.map((node, i) => node.printed(cancelUnpaidTurnAfter(cancelled), `node ${i} finishing a cancel-unpaid turn begun after the cancellation`, 40_000)),
    );
    // Cancelled twice would have put the item back twice.
    expect(await stockOf(sku.skuId)).toBe(7);
    const handled = shop.nodes.flatMap((node, i) => node.output().slice(printedBefore[i]).match(/job order\/cancel-unpaid: handled \d+/g) ?? []);
    expect(handled).toEqual(['job order/cancel-unpaid: handled 1']);
    expect(await violations()).toEqual([]);
  }, 90_000);

  it('applies a toggle made with the CLI on one node on every node within 2 s, without a restart', async () => {
    const disabledOn = async (node: number) => (await shop.call<{ plugin?: string } | null>(node, '/api/lottery/wheel')).body.data?.plugin === 'lottery';
    const within2s = async (expected: boolean) => {
      const deadline = Date.now() + 2000;
      let seen = [false, false];
      while (Date.now() < deadline) {
        seen = await Promise.all([disabledOn(0), disabledOn(1)]);
        if (seen.every((s) => s === expected)) return seen;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return seen;
    };
    expect(await within2s(false)).toEqual([false, false]);
    const off = await shop.copy.storefront('plugin', 'disable', 'lottery');
    expect(off.code, off.stderr).toBe(0);
    expect(await within2s(true)).toEqual([true, true]);
    const stored = await shop.db.selectFrom('kernel_site').select('body').where('name', '=', 'default').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.body).plugins.lottery.enabled).toBe(false);
    const on = await shop.copy.storefront('plugin', 'enable', 'lottery');
    expect(on.code, on.stderr).toBe(0);
    expect(await within2s(false)).toEqual([false, false]);
  }, 60_000);

  it('lets a shopper on node A and staff on node B chat both ways with read receipts, and loses nothing when B dies', async () => {
    const hash = await services().passwords.hash('secret123');
    const now = Math.floor(Date.now() / 1000);
    const [desk] = await shop.db
      .insertInto('kernel_user')
      .values({ ...BLANK_USER, username: `desk${process.pid}`, nickname: '客服', password_hash: hash, invite: `D${process.pid}`, jointime: now, is_staff: 1 })
      .returning('id')
      .execute();
    // The only staff member online gets the room.
    const deskToken = (await services().tokens.issue(desk.id)).token;
    const [ann] = await shoppers(1);
    let deskSocket = await openSocket(shop.nodes[1].url, deskToken);
    await deskSocket.ready();
    const annSocket = await openSocket(shop.nodes[0].url, ann.token);
    await annSocket.ready();
    const service = (await shop.call<{ room: { id: number }; staff: { id: string }; online: boolean }>(0, '/api/Worker/getServicePeaple', {}, ann.token)).body.data;
    // Online is answered for the whole shop: the staff member's socket is on the other node.
    expect(service).toMatchObject({ staff: { id: `admin_${desk.id}`, online: true } });
    const room = service.room;

    annSocket.send({ type: 'single', room_id: room.id, msg: '你好，在吗', cid: 'a1' });
    const ack = await annSocket.next<{ id: number; cid: string }>('single');
    expect(ack.cid).toBe('a1');
    expect(await deskSocket.next('single')).toMatchObject({ id: ack.id, msg: '你好，在吗' });

    deskSocket.send({ type: 'single', room_id: room.id, msg: '您好，请讲', cid: 'd1' });
    const reply = await deskSocket.next<{ id: number }>('single');
    expect(await annSocket.next('single')).toMatchObject({ id: reply.id, msg: '您好，请讲' });

    // Read receipts cross too: the staff member reads on B, the shopper's tab on A is told.
    deskSocket.send({ type: 'read_msg', room_id: room.id });
    expect(await annSocket.next('read_msg')).toMatchObject({ room_id: room.id, ids: [ack.id] });

    // Node B dies; the staff member's client reconnects to A and nothing sent meanwhile is lost.
    await shop.kill(1);
    expect(await deskSocket.closed).not.toBe(1000);
    annSocket.send({ type: 'single', room_id: room.id, msg: '还在吗？', cid: 'a2' });
    const whileAway = await annSocket.next<{ id: number }>('single');
    deskSocket = await openSocket(shop.nodes[0].url, deskToken);
    await deskSocket.ready();
    const history = await shop.call<{ list: { id: number }[] }>(0, '/api/Worker/getChat', { room_id: room.id }, deskToken);
    expect(history.body.data.list.map((m) => m.id).sort((a, b) => a - b)).toEqual([ack.id, reply.id, whileAway.id]);
    annSocket.send({ type: 'single', room_id: room.id, msg: '好的', cid: 'a3' });
    expect(await deskSocket.next('single')).toMatchObject({ msg: '好的' });
    annSocket.close();
    deskSocket.close();
    // B back for the tests after this one.
    await shop.restart(1);
  }, 120_000);

  it('loses no order or ledger row when a node is killed mid-load: its shoppers go on on the other', async () => {
    const crowd = await shoppers(60, 10_000_000);
    const sku = await skuWithStock(1000);
    const answered: { order_no: string; id: number; paid: boolean }[] = [];
    /** A shopper's client: to its node, and to the other when that one is gone (the same request key). */
    const shopAs = async (s: (typeof crowd)[number], i: number) => {
      const nodes = [i % 2, 1 - (i % 2)];
      const attempt = async <T,>(send: (node: number) => Promise<Reply<T>>): Promise<Reply<T>> => {
        for (const node of nodes) {
          try {
            return await send(node);
          } catch {
            // Connection refused or reset: that node is gone.
          }
        }
        throw new Error('no node answered');
      };
      const placed = await attempt((node) => buy(node, s, sku, `kill-${s.id}-key`));
      if (placed.body.code !== 1) throw new Error(`confirm: ${placed.body.msg}`);
      const paid = await attempt((node) => shop.call<{ status: number }>(node, '/api/order/pay', { order_no: placed.body.data.order_no }, s.token));
      answered.push({ order_no: placed.body.data.order_no, id: s.id, paid: paid.body.code === 1 });
    };
    const load = Promise.all(crowd.map((s, i) => new Promise((resolve) => setTimeout(resolve, i * 15)).then(() => shopAs(s, i))));
    // Mid-load: the first shoppers are through, the later ones still arriving (one every 15 ms).
    await eventually(() => answered.length >= 5, 'the first shoppers are through', 30_000);
    expect(answered.length).toBeLessThan(crowd.length);
    await shop.kill(1);
    await load;

    expect(answered).toHaveLength(60);
    expect(answered.every((a) => a.paid)).toBe(true);
    for (const { order_no, id } of answered) {
      const orders = await shop.db.selectFrom('order_order').select(['status', 'user_id']).where('order_no', '=', order_no).execute();
      expect(orders).toEqual([{ status: STATUS.paid, user_id: id }]);
    }
    const debits = await shop.db.selectFrom('kernel_ledger').select('ref').where('ref', 'in', answered.map((a) => a.order_no)).execute();
    expect(debits).toHaveLength(60);
    // Every shopper has exactly one order: a retry on the other node never made a second.
    const perShopper = await shop.db.selectFrom('order_order').select(['user_id']).where('user_id', 'in', crowd.map((s) => s.id)).execute();
    expect(perShopper).toHaveLength(60);
    expect(await violations()).toEqual([]);
    const doctor = await shop.copy.storefront('doctor', '--database-url', shop.url);
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
  }, 180_000);
});
