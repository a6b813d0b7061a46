import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { goodsContract } from '@plugins/goods/contract';
import { orderContract } from './contract';
import { shipOrder } from './lifecycle';
import { orderFixture, type OrderFixture } from './testing';

let f: OrderFixture;
beforeEach(async () => {
  f = await orderFixture();
});
afterEach(() => f.t.close());

type Shopper = TestUser & { addressId: number };
let keys = 0;
const buy = (who: Shopper, sku: { goodsId: number; skuId: number }, num: number, extra: Record<string, unknown> = {}) =>
  f.t.call(orderContract.confirm, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num, address_id: who.addressId, request_key: `key-${++keys}-abcdef`, ...extra } as never, { token: who.token });
const stockOf = async (skuId: number) => (await f.t.db.selectFrom('goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
const orders = async () => f.t.db.selectFrom('order_order').selectAll().execute();
/** The goods' stock as the catalogue serves it: the sum of its SKUs'. */
const goodsStock = async (goodsId: number) => (await f.t.call(goodsContract.detail, { id: goodsId })).body.data.stock as number;

async function expectBooksBalance() {
  expect(await f.t.violations()).toEqual([]);
}

describe('placing an order', () => {
  it('previews and places an order at the server price, ignoring any price the client sends', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const preview = await f.t.call(orderContract.settlement, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 3 }, { token: ann.token });
    expect(preview.body.data).toMatchObject({ goods_amount: ((sku.price * 3) / 100).toFixed(2), pay_amount: ((sku.price * 3) / 100).toFixed(2), num: 3, pay_minutes: 30 });
    expect(preview.body.data.address?.address).toContain('广东省深圳市南山区');

    const placed = await buy(ann, sku, 3, { pay_amount: '0.01', price: '0.01', total: '0.01' });
    expect(placed.body.code).toBe(1);
    const [order] = await orders();
    expect([order.pay_amount, order.goods_amount, order.status]).toEqual([sku.price * 3, sku.price * 3, 1]);
    expect(await stockOf(sku.skuId)).toBe(7);
    expect(order.pay_deadline - order.created_at).toBe(30 * 60);
  });

  it('asks for an address first', async () => {
    const ann = await f.t.createUser({ money: 100 });
    const sku = await f.sku(5);
    const reply = await f.t.call(orderContract.confirm, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: 999, request_key: 'no-address-1' }, { token: ann.token });
    expect(reply.body).toMatchObject({ code: 0, msg: '请先添加收货地址' });
    expect(await stockOf(sku.skuId)).toBe(5);
  });

  it('refuses a quantity above the stock with how many there are, for the settlement to offer', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(32);
    const preview = await f.t.call(orderContract.settlement, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 500 }, { token: ann.token });
    expect(preview.body).toMatchObject({ code: 0, data: { available: 32 } });
    expect(preview.body.msg).toContain('库存不足');
    expect((await buy(ann, sku, 500)).body).toMatchObject({ code: 0, data: { available: 32 } });
    expect(await stockOf(sku.skuId)).toBe(32);
  });

  it('refuses negative, zero, fractional, huge and non-numeric quantities and changes nothing', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(5);
    for (const num of [-1, 0, 1.5, 1e9, 'abc']) {
      const reply = await buy(ann, sku, num as number);
      expect(reply.body.code, String(num)).toBe(0);
      expect(reply.body.msg).toContain('数量');
    }
    expect(await orders()).toEqual([]);
    expect(await stockOf(sku.skuId)).toBe(5);
  });

  it('makes one order of one confirmation sent 20 times at once, and answers all 20 alike, and a later repeat too', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(30);
    const payload = { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: ann.addressId, request_key: 'double-click-1' } as const;
    const replies = await Promise.all(Array.from({ length: 20 }, () => f.t.call(orderContract.confirm, payload, { token: ann.token })));
    expect(replies.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    expect(new Set(replies.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect((await f.t.call(orderContract.confirm, payload, { token: ann.token })).body.data).toEqual(replies[0].body.data);
    expect(await orders()).toHaveLength(1);
    expect(await stockOf(sku.skuId)).toBe(29);
  });

  it('refuses a confirmation key sent again with another order, and places nothing more', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const payload = { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: ann.addressId, request_key: 'one-screen-1' } as const;
    expect((await f.t.call(orderContract.confirm, payload, { token: ann.token })).body.code).toBe(1);
    const other = await f.t.call(orderContract.confirm, { ...payload, num: 2 }, { token: ann.token });
    expect(other.body).toMatchObject({ code: 0, msg: '这个请求已用于另一笔操作，请刷新后重试' });
    expect(await orders()).toHaveLength(1);
    expect(await stockOf(sku.skuId)).toBe(9);
  });

  it('lets a refused confirmation be sent again with its key once the shopper fixes it', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(2);
    const payload = { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, address_id: ann.addressId, request_key: 'fix-and-resend-1' } as const;
    expect((await f.t.call(orderContract.confirm, { ...payload, num: 3 }, { token: ann.token })).body.msg).toContain('库存不足');
    expect((await f.t.call(orderContract.confirm, { ...payload, num: 2 }, { token: ann.token })).body.code).toBe(1);
    expect(await stockOf(sku.skuId)).toBe(0);
  });

  it('gives the last item to exactly one of many shoppers racing for it', async () => {
    const sku = await f.sku(1);
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => f.shopper()));
    const replies = await Promise.all(shoppers.map((s) => buy(s, sku, 1)));
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 0).every((r) => r.body.msg.includes('库存不足'))).toBe(true);
    expect(await orders()).toHaveLength(1);
    expect(await stockOf(sku.skuId)).toBe(0);
  });

  it('refuses goods taken off sale as expired', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(5);
    await f.t.db.updateTable('goods_goods').set({ status: 0 }).where('id', '=', sku.goodsId).execute();
    expect((await buy(ann, sku, 1)).body.msg).toMatch(/^订单商品已失效/);
  });

  it('orders the selected cart lines and takes them out of the cart', async () => {
    const ann = await f.shopper();
    const a = await f.sku(5);
    const b = await f.sku(5);
    for (const sku of [a, b]) await f.t.call('/api/cart/add', { goods_id: sku.goodsId, sku_id: sku.skuId, num: 2 }, { token: ann.token });
    const placed = await f.t.call(orderContract.confirm, { source: 'cart', address_id: ann.addressId, request_key: 'from-cart-1' }, { token: ann.token });
    expect(placed.body.code).toBe(1);
    expect(placed.body.data.pay_amount).toBe(((a.price * 2 + b.price * 2) / 100).toFixed(2));
    expect(await f.t.db.selectFrom('cart_line').selectAll().where('user_id', '=', ann.id).execute()).toEqual([]);
    const again = await f.t.call(orderContract.confirm, { source: 'cart', address_id: ann.addressId, request_key: 'from-cart-2' }, { token: ann.token });
    expect(again.body.msg).toBe('请先在购物车中选择商品');
  });
});

describe('paying and following an order', () => {
  it('debits the balance once however often payment is sent, and books it in the ledger', async () => {
    const ann = await f.shopper(100_000_000);
    const sku = await f.sku(5);
    const { order_no } = (await buy(ann, sku, 1)).body.data;
    const replies = await Promise.all(Array.from({ length: 5 }, () => f.t.call(orderContract.pay, { order_no }, { token: ann.token })));
    expect(replies.map((r) => [r.body.code, r.body.msg, r.body.data?.status])).toEqual(Array(5).fill([1, expect.any(String), 2]));
    const ledger = await f.t.db.selectFrom('kernel_ledger').selectAll().where('ref', '=', order_no).execute();
    expect(ledger.map((l) => l.amount)).toEqual([-sku.price]);
    await expectBooksBalance();
  });

  it('answers one pay screen sent 20 times at once with one payment and 20 equal replies; its key with another order is refused', async () => {
    const ann = await f.shopper(100_000_000);
    const sku = await f.sku(5);
    const [first, second] = [(await buy(ann, sku, 1)).body.data.order_no, (await buy(ann, sku, 1)).body.data.order_no];
    const payload = { order_no: first, request_key: 'pay-screen-1' };
    const replies = await Promise.all(Array.from({ length: 20 }, () => f.t.call(orderContract.pay, payload, { token: ann.token })));
    expect(replies.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    expect(new Set(replies.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(replies[0].body.data).toMatchObject({ order_no: first, status: 2 });
    expect((await f.t.call(orderContract.pay, { order_no: second, request_key: 'pay-screen-1' }, { token: ann.token })).body).toMatchObject({
      code: 0,
      msg: '这个请求已用于另一笔操作，请刷新后重试',
    });
    const debits = await f.t.db.selectFrom('kernel_ledger').select('ref').where('reason', '=', 'order:ledger.pay').where('user_id', '=', ann.id).execute();
    expect(debits.map((d) => d.ref)).toEqual([first]);
    await expectBooksBalance();
  });

  it('says "balance not enough" and leaves the order unpaid when short', async () => {
    const ann = await f.shopper(1);
    const sku = await f.sku(5);
    const { order_no } = (await buy(ann, sku, 1)).body.data;
    expect((await f.t.call(orderContract.pay, { order_no }, { token: ann.token })).body).toMatchObject({ code: 0, msg: expect.stringContaining('余额不足') });
    expect((await orders())[0].status).toBe(1);
  });

  it("keeps another shopper's order out of reach: read, pay, cancel and receive all say it does not exist", async () => {
    const ann = await f.shopper();
    const bob = await f.shopper();
    const { order_no } = (await buy(ann, await f.sku(5), 1)).body.data;
    for (const call of [orderContract.detail, orderContract.pay, orderContract.cancel, orderContract.receive]) {
      expect((await f.t.call(call, { order_no }, { token: bob.token })).body).toMatchObject({ code: 0, msg: '订单不存在' });
    }
    expect((await f.t.call(orderContract.list, { type: 'all' }, { token: bob.token })).body.data.total).toBe(0);
    expect((await orders())[0].status).toBe(1);
  });

  it('cancelling a paid order returns the stock and the money', async () => {
    const ann = await f.shopper(100_000_000);
    const sku = await f.sku(5);
    const goodsBefore = await goodsStock(sku.goodsId);
    const { order_no } = (await buy(ann, sku, 2)).body.data;
    expect(await stockOf(sku.skuId)).toBe(3);
    expect(await goodsStock(sku.goodsId)).toBe(goodsBefore - 2);
    await f.t.call(orderContract.pay, { order_no }, { token: ann.token });
    const cancelled = await f.t.call(orderContract.cancel, { order_no }, { token: ann.token });
    expect(cancelled.body.data.status).toBe(-1);
    expect(await stockOf(sku.skuId)).toBe(5);
    expect(await goodsStock(sku.goodsId)).toBe(goodsBefore);
    const user = await f.t.db.selectFrom('kernel_user').select('money').where('id', '=', ann.id).executeTakeFirstOrThrow();
    expect(user.money).toBe(100_000_000);
    await expectBooksBalance();
  });

  it('cancels unpaid orders at the deadline, even across a server restart, and refuses late payment', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(5);
    const { order_no } = (await buy(ann, sku, 2)).body.data;
    await f.t.restart();
    f.t.clock.advance(29 * 60_000);
    expect((await f.t.runJobs()).find((j) => j.job === 'cancel-unpaid')?.handled).toBe(0);
    f.t.clock.advance(2 * 60_000);
    await f.t.restart();
    expect((await f.t.runJobs()).find((j) => j.job === 'cancel-unpaid')?.handled).toBe(1);
    expect(await stockOf(sku.skuId)).toBe(5);
    const detail = (await f.t.call(orderContract.detail, { order_no }, { token: ann.token })).body.data;
    expect([detail.status, detail.cancel_reason]).toEqual([-1, 'timeout']);
    // The source that placed it travels with the order (a flash-sale order is tagged by it).
    expect(detail.source).toBe('buy');
    expect((await f.t.call(orderContract.pay, { order_no }, { token: ann.token })).body.msg).toBe('支付时间已结束，订单已取消');
  });

  it('moves paid → shipped (staff) → received (shopper) → completed after the after-sales window, with every timestamp', async () => {
    const ann = await f.shopper();
    const { order_no } = (await buy(ann, await f.sku(5), 1)).body.data;
    expect((await f.t.call(orderContract.receive, { order_no }, { token: ann.token })).body.msg).toBe('订单尚未发货');
    await f.t.call(orderContract.pay, { order_no }, { token: ann.token });
    expect(await shipOrder(f.t.app.storefront, order_no, 3)).toEqual({ shipped: true, status: 3 });
    expect((await f.t.call(orderContract.cancel, { order_no }, { token: ann.token })).body.msg).toBe('订单已发货，不能取消');
    expect((await f.t.call(orderContract.receive, { order_no }, { token: ann.token })).body.data.status).toBe(4);
    f.t.clock.advance(8 * 86_400_000);
    await f.t.runJobs();
    const fresh = await f.t.login(ann.username, ann.password);
    const detail = (await f.t.call(orderContract.detail, { order_no }, { token: fresh.token })).body.data;
    expect(detail.status).toBe(5);
    for (const time of [detail.createtime, detail.paytime, detail.shiptime, detail.deliverytime, detail.receivetime, detail.completetime]) expect(time).toBeGreaterThan(0);
    expect(detail.deliverytime).toBe((detail.shiptime as number) + 3 * 86400);
  });

  it('receives shipped orders by itself after ten days', async () => {
    const ann = await f.shopper();
    const { order_no } = (await buy(ann, await f.sku(5), 1)).body.data;
    await f.t.call(orderContract.pay, { order_no }, { token: ann.token });
    await shipOrder(f.t.app.storefront, order_no, 3);
    f.t.clock.advance(9 * 86_400_000);
    await f.t.runJobs();
    expect((await orders())[0].status).toBe(3);
    f.t.clock.advance(2 * 86_400_000);
    await f.t.runJobs();
    expect((await orders())[0].status).toBe(4);
  });

  it('lists my orders by tab, newest first, with paging', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(20);
    const nos = [];
    for (let i = 0; i < 3; i += 1) nos.push((await buy(ann, sku, 1)).body.data.order_no);
    await f.t.call(orderContract.pay, { order_no: nos[0] }, { token: ann.token });
    await f.t.call(orderContract.cancel, { order_no: nos[1] }, { token: ann.token });
    const list = async (type: string, page = 1) => (await f.t.call(orderContract.list, { type, page, limit: 2 } as never, { token: ann.token })).body.data;
    expect((await list('all')).list.map((o) => o.order_no)).toEqual([nos[2], nos[1]]);
    expect((await list('all', 2)).list.map((o) => o.order_no)).toEqual([nos[0]]);
    expect((await list('unpaid')).list.map((o) => o.order_no)).toEqual([nos[2]]);
    expect((await list('toship')).list.map((o) => o.order_no)).toEqual([nos[0]]);
    expect((await list('cancelled')).list.map((o) => o.order_no)).toEqual([nos[1]]);
  });

  it('keeps an invoice request with the order, refusing a malformed taxpayer id', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(5);
    const bad = await buy(ann, sku, 1, { invoice: { title: '某某科技有限公司', tax_no: '123' } });
    expect(bad.body.msg).toContain('纳税人识别号');
    const invoice = { title: '某某科技有限公司', tax_no: '91440300MA5XXXXX1A', bank: '招商银行', account: '6225880000000000' };
    const { order_no } = (await buy(ann, sku, 1, { invoice })).body.data;
    const detail = (await f.t.call(orderContract.detail, { order_no }, { token: ann.token })).body.data;
    expect(detail.invoice).toMatchObject(invoice);
    expect(detail.invoice_status).toBe(0);
  });
});

describe('the goods of an order in the shopper\'s language', () => {
  it('keeps both languages in the snapshot and answers settlement, list and detail in the request language', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const preview = await f.t.call(orderContract.settlement, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1 }, { token: ann.token, lang: 'en' });
    expect(preview.body.data.lines[0]).toMatchObject({ name: 'Aurora X5 5G Smartphone', spec: 'Obsidian Black / 8GB+128GB' });
    const { order_no } = (await buy(ann, sku, 1)).body.data;
    const snapshot = await f.t.db.selectFrom('order_goods').select(['name', 'name_en', 'spec', 'spec_en']).executeTakeFirstOrThrow();
    expect(snapshot).toEqual({ name: '极光 X5 5G 智能手机', name_en: 'Aurora X5 5G Smartphone', spec: '曜石黑 / 8GB+128GB', spec_en: 'Obsidian Black / 8GB+128GB' });

    const english = { token: ann.token, lang: 'en' };
    expect((await f.t.call(orderContract.list, { type: 'all' }, english)).body.data.list[0].lines[0]).toMatchObject({ name: 'Aurora X5 5G Smartphone', spec: 'Obsidian Black / 8GB+128GB' });
    expect((await f.t.call(orderContract.detail, { order_no }, english)).body.data.lines[0]).toMatchObject({ name: 'Aurora X5 5G Smartphone' });
    expect((await f.t.call(orderContract.detail, { order_no }, { token: ann.token })).body.data.lines[0]).toMatchObject({ name: '极光 X5 5G 智能手机', spec: '曜石黑 / 8GB+128GB' });

    // The catalogue renames the goods: the order still reads as it was bought, in both languages.
    await f.t.db.updateTable('goods_goods').set({ name: '极光 X5 新款', name_en: 'Aurora X5 New' }).where('id', '=', sku.goodsId).execute();
    expect((await f.t.call(orderContract.detail, { order_no }, english)).body.data.lines[0].name).toBe('Aurora X5 5G Smartphone');
    expect((await f.t.call(orderContract.list, { type: 'all' }, { token: ann.token })).body.data.list[0].lines[0].name).toBe('极光 X5 5G 智能手机');
  });

  it('shows the Chinese where the catalogue had no English when the order was placed', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    await f.t.db.updateTable('goods_goods').set({ name_en: '' }).where('id', '=', sku.goodsId).execute();
    const { order_no } = (await buy(ann, sku, 1)).body.data;
    expect((await f.t.call(orderContract.detail, { order_no }, { token: ann.token, lang: 'en' })).body.data.lines[0]).toMatchObject({
      name: '极光 X5 5G 智能手机',
      spec: 'Obsidian Black / 8GB+128GB',
    });
  });
});
