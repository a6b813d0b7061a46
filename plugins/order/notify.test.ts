import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProject, type FakeProject } from '@kernel/server/fake-project';
import type { TestServer, TestUser } from '@kernel/server/testing';
import { signTestpay } from '../../tests/fixtures/plugins/testpay/server';
import { orderContract } from './contract';
import { STATUS } from './states';
import { onSaleSku, orderFixture, withRealPlugins, type OrderFixture } from './testing';

// The order plugin with `testpay` (tests/fixtures/plugins/testpay), a plugin of the tests alone
// that pays through an HMAC-signed notification and hears `order.paid` after the commit.
let project: FakeProject;
let t: TestServer;
let fixture: OrderFixture;
let skus = 0;
let keys = 0;

beforeAll(async () => {
  project = fakeProject({});
  fixture = await orderFixture(['order', 'testpay'], { root: withRealPlugins(project, { testpay: 'tests/fixtures/plugins/testpay' }) });
  t = fixture.t;
});
afterAll(async () => {
  await t?.close();
  project?.remove();
});

const shopper = (money?: number) => fixture.shopper(money);

async function place(who: TestUser & { addressId: number }) {
  const sku = await onSaleSku(t.db, skus++, 50);
  const reply = await t.call(orderContract.confirm, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: who.addressId, request_key: `notify-key-${++keys}-abc` } as never, { token: who.token });
  expect(reply.body.code).toBe(1);
  return { orderNo: reply.body.data.order_no, amount: sku.price };
}

/** The provider's notification, signed with `secret` (the shared one by default). */
function notify(notice: { reference: string; order_no: string; amount: number }, secret?: string) {
  const body = JSON.stringify(notice);
  return t.app.inject({ method: 'POST', url: '/notify/order/testpay', headers: { 'content-type': 'application/json', 'x-testpay-signature': signTestpay(body, secret) }, payload: body });
}

const orderOf = (orderNo: string) => t.db.selectFrom('order_order').select(['status', 'payment_method']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
const paidEvents = async (orderNo: string) => (await t.db.selectFrom('kernel_event').select('payload').where('name', '=', 'order.paid').execute()).filter((e) => e.payload.includes(orderNo)).length;
const refunds = (orderNo: string) => t.db.selectFrom('testpay_refund').select('amount').where('order_no', '=', orderNo).execute();
const balance = async (who: TestUser) => t.services.ledger.balance(t.db, who.id, 'money');

describe('payment methods', () => {
  it('lists the balance first, then the methods of the enabled plugins, in the caller’s language', async () => {
    const ann = await shopper();
    expect((await t.call(orderContract.payMethods, {}, { token: ann.token })).body.data.list).toEqual([
      { id: 'balance', name: '余额支付' },
      { id: 'testpay', name: '测试支付' },
    ]);
    expect((await t.call(orderContract.payMethods, {}, { token: ann.token, lang: 'en' })).body.data.list.map((m) => m.name)).toEqual(['Pay with balance', 'Test Pay']);
  });

  it('still pays with the balance by default, and records it as the method that paid', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    const before = await balance(ann);
    expect((await t.call(orderContract.pay, { order_no: orderNo }, { token: ann.token })).body.data).toMatchObject({ status: STATUS.paid });
    expect(await balance(ann)).toBe(before - amount);
    expect(await orderOf(orderNo)).toEqual({ status: STATUS.paid, payment_method: 'balance' });
  });

  it('refuses a method the site does not offer, by name', async () => {
    const ann = await shopper();
    const { orderNo } = await place(ann);
    const reply = await t.call(orderContract.pay, { order_no: orderNo, method: 'nopay' }, { token: ann.token });
    expect(reply.body).toMatchObject({ code: 0, msg: '支付方式“nopay”不可用' });
    expect((await orderOf(orderNo)).status).toBe(STATUS.placed);
  });
});

describe('a method that confirms through a signed notification', () => {
  it('starts pending: the page gets the checkout URL, nothing is paid or debited', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    const before = await balance(ann);
    const reply = await t.call(orderContract.pay, { order_no: orderNo, method: 'testpay' }, { token: ann.token });
    expect(reply.body.data).toMatchObject({ status: STATUS.placed, next: { method: 'testpay', redirect_url: `https://pay.example/checkout?order=${orderNo}&amount=${amount}` } });
    expect(await orderOf(orderNo)).toEqual({ status: STATUS.placed, payment_method: '' });
    expect(await balance(ann)).toBe(before);
  });

  it('refuses a notification with a bad signature and pays nothing', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    const reply = await notify({ reference: `bad-${orderNo}`, order_no: orderNo, amount }, 'someone-else');
    expect([reply.statusCode, reply.json()]).toEqual([400, { code: 'FAIL' }]);
    expect((await orderOf(orderNo)).status).toBe(STATUS.placed);
    expect(await paidEvents(orderNo)).toBe(0);
  });

  it('refuses a correctly signed body it cannot read, without a 500', async () => {
    const body = '{"reference": "broken';
    const reply = await t.app.inject({ method: 'POST', url: '/notify/order/testpay', headers: { 'content-type': 'application/json', 'x-testpay-signature': signTestpay(body) }, payload: body });
    expect([reply.statusCode, reply.json()]).toEqual([400, { code: 'FAIL' }]);
  });

  it('pays once on a good notification, answers the provider, and the subscriber hears it after the commit', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    const before = await balance(ann);
    const reply = await notify({ reference: `ok-${orderNo}`, order_no: orderNo, amount });
    expect([reply.statusCode, reply.json()]).toEqual([200, { code: 'SUCCESS' }]);
    expect(await orderOf(orderNo)).toEqual({ status: STATUS.paid, payment_method: 'testpay' });
    expect(await balance(ann)).toBe(before);
    await t.runJobs();
    expect(await t.db.selectFrom('testpay_paid').select(['order_no', 'amount']).where('order_no', '=', orderNo).execute()).toEqual([{ order_no: orderNo, amount }]);
  });

  it('pays once when the same notification comes 10 times at once', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    const replies = await Promise.all(Array.from({ length: 10 }, () => notify({ reference: `twin-${orderNo}`, order_no: orderNo, amount })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await orderOf(orderNo)).toEqual({ status: STATUS.paid, payment_method: 'testpay' });
    expect(await paidEvents(orderNo)).toBe(1);
    expect(await refunds(orderNo)).toEqual([]);
    expect(await t.violations()).toEqual([]);
  });

  it('never pays a cancelled order: the money goes back through the method, once however often it is told', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    expect((await t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token })).body.code).toBe(1);
    for (let i = 0; i < 3; i += 1) expect((await notify({ reference: `late-${orderNo}`, order_no: orderNo, amount })).statusCode).toBe(200);
    expect((await orderOf(orderNo)).status).toBe(STATUS.cancelled);
    expect(await paidEvents(orderNo)).toBe(0);
    expect(await refunds(orderNo)).toEqual([{ amount }]);
  });

  it('never pays an order past its deadline, even before the expiry job cancels it', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    t.clock.advance(31 * 60_000);
    expect((await notify({ reference: `expired-${orderNo}`, order_no: orderNo, amount })).statusCode).toBe(200);
    expect((await orderOf(orderNo)).status).toBe(STATUS.placed);
    expect(await refunds(orderNo)).toEqual([{ amount }]);
    await t.runJobs();
    expect((await orderOf(orderNo)).status).toBe(STATUS.cancelled);
    // Cancelling an unpaid order refunds nothing more.
    expect(await refunds(orderNo)).toEqual([{ amount }]);
  });

  it('gives money back through the method when the order was paid with the balance meanwhile', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    expect((await t.call(orderContract.pay, { order_no: orderNo }, { token: ann.token })).body.data.status).toBe(STATUS.paid);
    expect((await notify({ reference: `twice-${orderNo}`, order_no: orderNo, amount })).statusCode).toBe(200);
    expect(await orderOf(orderNo)).toEqual({ status: STATUS.paid, payment_method: 'balance' });
    expect(await paidEvents(orderNo)).toBe(1);
    expect(await refunds(orderNo)).toEqual([{ amount }]);
  });

  it('refuses a notice for another amount, keeping nothing, so the provider tries again', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    expect((await notify({ reference: `short-${orderNo}`, order_no: orderNo, amount: amount - 1 })).statusCode).toBe(400);
    expect((await orderOf(orderNo)).status).toBe(STATUS.placed);
    expect(await t.db.selectFrom('order_payment_notice').select('id').where('order_no', '=', orderNo).execute()).toEqual([]);
  });

  it('refunds a cancelled paid order through the method that took the money, not the balance', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    await notify({ reference: `refund-${orderNo}`, order_no: orderNo, amount });
    const before = await balance(ann);
    expect((await t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token })).body.code).toBe(1);
    expect(await refunds(orderNo)).toEqual([{ amount }]);
    expect(await balance(ann)).toBe(before);
    expect(await t.violations()).toEqual([]);
  });

  it('takes one order through a source, a payment method and a subscriber that are all another plugin’s', async () => {
    const ann = await shopper();
    const sku = await onSaleSku(t.db, skus++, 50);
    const placed = await t.call(orderContract.confirm, { source: 'testpay-gift-card', goods_id: sku.goodsId, sku_id: sku.skuId, address_id: ann.addressId, request_key: `notify-key-${++keys}-abc` }, { token: ann.token });
    expect(placed.body).toMatchObject({ code: 1, msg: expect.any(String) });
    const { order_no: orderNo, pay_deadline: deadline } = placed.body.data;
    expect(deadline).toBe(t.clock.nowSeconds() + 5 * 60);
    expect((await t.call(orderContract.pay, { order_no: orderNo, method: 'testpay' }, { token: ann.token })).body.data.next?.method).toBe('testpay');
    expect((await notify({ reference: `gift-${orderNo}`, order_no: orderNo, amount: sku.price })).statusCode).toBe(200);
    expect(await orderOf(orderNo)).toEqual({ status: STATUS.paid, payment_method: 'testpay' });
    await t.runJobs();
    const heard = await t.db.selectFrom('kernel_event').select('payload').where('name', '=', 'order.paid').execute();
    expect(heard.map((e) => JSON.parse(e.payload) as { orderNo: string; source: string }).filter((e) => e.orderNo === orderNo)).toMatchObject([{ source: 'testpay-gift-card' }]);
    expect(await t.db.selectFrom('testpay_paid').select(['order_no', 'amount']).where('order_no', '=', orderNo).execute()).toEqual([{ order_no: orderNo, amount: sku.price }]);
  });

  it('is not offered, and its notifications not taken, while its plugin is disabled', async () => {
    const ann = await shopper();
    const { orderNo, amount } = await place(ann);
    await t.setPlugins({ testpay: false });
    try {
      expect((await t.call(orderContract.payMethods, {}, { token: ann.token })).body.data.list.map((m) => m.id)).toEqual(['balance']);
      expect((await t.call(orderContract.pay, { order_no: orderNo, method: 'testpay' }, { token: ann.token })).body.code).toBe(0);
      expect((await notify({ reference: `off-${orderNo}`, order_no: orderNo, amount })).statusCode).toBe(404);
      expect((await orderOf(orderNo)).status).toBe(STATUS.placed);
    } finally {
      await t.setPlugins({ testpay: true });
    }
  });
});
