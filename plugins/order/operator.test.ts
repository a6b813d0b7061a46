import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDateTime } from '@kernel/server/clock';
import { openDatabase } from '@kernel/server/db';
import type { OperatorCommand } from '@kernel/server/plugin';
import type { TestUser } from '@kernel/server/testing';
import { runOperator } from '../../cli/commands/operator';
import { storefrontInProcessOn } from '../../tests/cli/in-process';
import { orderContract } from './contract';
import order from './server';
import { orderFixture, type OrderFixture } from './testing';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(() => f.t.close());

type Shopper = TestUser & { addressId: number };
const command = (name: string) => order.commands?.find((c) => c.command.startsWith(`order ${name}`)) as OperatorCommand;
/** As the CLI runs it: options as commander hands them over, refusals as CliErrors (exit code 1). */
const run = (name: string, args: string[] = [], options: Record<string, unknown> = {}) => runOperator(f.t.app, order as never, command(name), args, options);

let keys = 0;
/** A buy-now order of one piece, paid unless `paid` is false; its number. */
async function placed(who: Shopper, { paid = true, source = 'buy' } = {}): Promise<string> {
  const sku = await f.sku(100);
  const extra = source === 'cart' ? {} : { goods_id: sku.goodsId, sku_id: sku.skuId, num: 1 };
  if (source === 'cart') {
    const added = await f.t.call('/api/cart/add', { goods_id: sku.goodsId, sku_id: sku.skuId, num: 1 }, { token: who.token });
    if (added.body.code !== 1) throw new Error(added.body.msg);
  }
  const confirm = await f.t.call(orderContract.confirm, { source, address_id: who.addressId, request_key: `op-${++keys}-abcdef`, ...extra } as never, { token: who.token });
  if (confirm.body.code !== 1) throw new Error(confirm.body.msg);
  const orderNo = (confirm.body.data as { order_no: string }).order_no;
  if (paid) {
    const pay = await f.t.call(orderContract.pay, { order_no: orderNo }, { token: who.token });
    if (pay.body.code !== 1) throw new Error(pay.body.msg);
  }
  return orderNo;
}

describe('storefront order refund', () => {
  it('refunds a received order to the balance that paid it; the shopper sees it refunded', async () => {
    const ann = await f.shopper();
    const before = await f.t.services.ledger.balance(f.t.db, ann.id, 'money');
    const no = await placed(ann);
    await run('ship', [no]);
    expect((await f.t.call(orderContract.receive, { order_no: no }, { token: ann.token })).body.code).toBe(1);
    const refunded = await run('refund', [no]);
    expect(refunded.lines[0]).toMatch(new RegExp(`^order ${no} is refunded: ¥[0-9.]+ went back to the shopper$`));
    expect(refunded.data).toMatchObject({ order_no: no, status: 6 });
    expect(await f.t.services.ledger.balance(f.t.db, ann.id, 'money')).toBe(before);
    const detail = (await f.t.call(orderContract.detail, { order_no: no }, { token: ann.token })).body.data;
    expect(detail).toMatchObject({ status: 6, refundtime: f.t.clock.nowSeconds() });
    expect((await run('show', [no])).lines).toContain(`refunded ${businessDateTime(f.t.clock.nowSeconds() * 1000)}`);
    const tab = (await f.t.call(orderContract.list, { type: 'refunded' }, { token: ann.token })).body.data;
    expect(JSON.stringify(tab)).toContain(no);
    expect(await f.t.violations()).toEqual([]);
  });

  it('refuses an unpaid order, a refunded one again, and an unknown one, each by name', async () => {
    const ann = await f.shopper();
    const unpaid = await placed(ann, { paid: false });
    await expect(run('refund', [unpaid])).rejects.toMatchObject({ message: `order ${unpaid} is unpaid; only a paid, shipped or received order can be refunded`, exitCode: 1 });
    const paid = await placed(ann);
    await run('refund', [paid]);
    await expect(run('refund', [paid])).rejects.toMatchObject({ message: `order ${paid} is refunded; only a paid, shipped or received order can be refunded` });
    await expect(run('refund', ['20260101000000000000'])).rejects.toMatchObject({ message: 'order 20260101000000000000 does not exist in site `test`' });
  });
});

describe('storefront order ship', () => {
  it("ships a paid order in a parcel, which the shopper's order detail shows in either language", async () => {
    const ann = await f.shopper();
    const no = await placed(ann);
    const shipped = await run('ship', [no], { carrier: ' 顺丰速运 ', tracking: 'SF1234567890' });
    expect(shipped.lines).toEqual([`order ${no} is shipped with 顺丰速运 SF1234567890; it counts as received after 10 days`]);
    const zh = (await f.t.call(orderContract.detail, { order_no: no }, { token: ann.token })).body.data;
    expect(zh).toMatchObject({ status: 3, carrier: '顺丰速运', tracking_no: 'SF1234567890', shiptime: expect.any(Number) });
    const en = (await f.t.call(orderContract.detail, { order_no: no }, { token: ann.token, lang: 'en' })).body.data;
    expect(en).toMatchObject({ carrier: '顺丰速运', tracking_no: 'SF1234567890' });
  });

  it('has no parcel on the detail before shipping, and ships without one when none is given', async () => {
    const ann = await f.shopper();
    const no = await placed(ann);
    expect((await f.t.call(orderContract.detail, { order_no: no }, { token: ann.token })).body.data).toMatchObject({ status: 2, carrier: '', tracking_no: '' });
    expect((await run('ship', [no])).data).toEqual({ order_no: no, status: 3, carrier: '', tracking_no: '' });
  });

  it('refuses a parcel half given or malformed, naming each option, and ships nothing', async () => {
    const ann = await f.shopper();
    const no = await placed(ann);
    await expect(run('ship', [no], { carrier: '顺丰速运' })).rejects.toMatchObject({
      message: 'give --carrier and --tracking together: the shopper looks the parcel up with both',
      exitCode: 1,
    });
    await expect(run('ship', [no], { carrier: '顺'.repeat(41), tracking: 'SF 12' })).rejects.toMatchObject({
      message: '--carrier: At most 40 characters\n--tracking: Not in the right format',
    });
    expect((await f.t.call(orderContract.detail, { order_no: no }, { token: ann.token })).body.data.status).toBe(2);
  });

  it('ships an order once: a second ship keeps the first parcel', async () => {
    const ann = await f.shopper();
    const no = await placed(ann);
    const results = await Promise.allSettled([
      run('ship', [no], { carrier: '顺丰速运', tracking: 'SF1111111111' }),
      run('ship', [no], { carrier: '中通快递', tracking: 'ZT2222222222' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusal = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refusal.reason as Error).message).toBe(`order ${no} is shipped; only a paid order can be shipped`);
    const won = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ data: { tracking_no: string } }>).value.data.tracking_no;
    expect((await f.t.call(orderContract.detail, { order_no: no }, { token: ann.token })).body.data.tracking_no).toBe(won);
  });

  it('refuses an unpaid or unknown order', async () => {
    const ann = await f.shopper();
    const no = await placed(ann, { paid: false });
    await expect(run('ship', [no])).rejects.toMatchObject({ message: `order ${no} is unpaid; only a paid order can be shipped` });
    await expect(run('ship', ['20260302000000009999'])).rejects.toMatchObject({ message: 'order 20260302000000009999 does not exist in site `test`' });
  });
});

describe('storefront order list and show', () => {
  it('lists the newest orders with shopper, state, amount and source, filtered by state, source and day', async () => {
    const bob = await f.shopper();
    const unpaid = await placed(bob, { paid: false });
    const paid = await placed(bob, { source: 'cart' });
    const all = await run('list', [], { limit: '2' });
    expect(all.lines).toEqual([
      expect.stringMatching(new RegExp(`^${paid}  ${bob.username}  paid  ¥\\d+\\.\\d\\d  1 items  cart  2026-03-02 10:00:00$`)),
      expect.stringMatching(new RegExp(`^${unpaid}  ${bob.username}  unpaid  ¥\\d+\\.\\d\\d  1 items  buy  2026-03-02 10:00:00$`)),
    ]);
    const byState = (await run('list', [], { state: 'unpaid', limit: '1000' })).data as { order_no: string; state: string }[];
    expect(byState.map((o) => o.order_no)).toContain(unpaid);
    expect(byState.every((o) => o.state === 'unpaid')).toBe(true);
    const fromCart = (await run('list', [], { source: 'cart', limit: '1000' })).data as { order_no: string; source: string }[];
    expect(fromCart.map((o) => o.order_no)).toEqual([paid]);
    expect((await run('list', [], { since: '2026-03-02', limit: '1000' })).data).toEqual(expect.arrayContaining([expect.objectContaining({ order_no: paid })]));
    expect((await run('list', [], { since: '2026-03-03' })).lines).toEqual(['no orders (since 2026-03-03) in site `test`']);
  });

  it('refuses a bad filter, every problem at once', async () => {
    await expect(run('list', [], { state: 'lost', since: '2026-02-30', limit: '0' })).rejects.toMatchObject({
      message: '--state: Not one of the options (cancelled, unpaid, paid, shipped, received, completed, refunded)\n--since: Must be a date, YYYY-MM-DD\n--limit: Must be at least 1',
      exitCode: 1,
    });
  });

  it('shows one order whole: lines, amounts, state, timeline, address and parcel', async () => {
    const cat = await f.shopper();
    const no = await placed(cat);
    await run('ship', [no], { carrier: '顺丰速运', tracking: 'SF1234567890' });
    const shown = await run('show', [no]);
    expect(shown.lines[0]).toBe(`order ${no} of ${cat.username} (user ${cat.id}): shipped, placed through buy`);
    expect(shown.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {2}.+ {2}¥\d+\.\d\d × 1 = ¥\d+\.\d\d {2}\(goods \d+, SKU \d+\)$/),
        'placed 2026-03-02 10:00:00',
        'paid 2026-03-02 10:00:00',
        'shipped 2026-03-02 10:00:00',
        'ship to 王小明 13800138000, 广东省深圳市南山区 科技园路1号',
        'parcel 顺丰速运 SF1234567890',
        'remark none',
        'invoice none',
      ]),
    );
    expect(shown.data).toMatchObject({ order_no: no, state: 'shipped', source: 'buy', carrier: '顺丰速运', tracking_no: 'SF1234567890', timeline: { received: null } });
    await expect(run('show', ['20260302000000009999'])).rejects.toMatchObject({ message: 'order 20260302000000009999 does not exist in site `test`' });
  });
});

describe('the storefront command line', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-order-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const storefront = (...args: string[]) => storefrontInProcessOn(dataDir)(...args);

  it('reads --carrier and --tracking as the ship command declares them, and shows the parcel', async () => {
    const help = await storefront('order', 'ship', '--help');
    expect(help.stdout).toMatch(/--carrier <name> +who carries the parcel, e\.g\. 顺丰速运/);
    expect(help.stdout).toMatch(/--tracking <number> +the carrier's tracking number/);
    expect((await storefront('order', 'list', '--help')).stdout).toMatch(/--limit <n> +how many to show \(default: "20"\)/);

    expect((await storefront('user', 'add', 'cli_order', '--password', 'secret123')).code).toBe(0);
    const no = '20260302100000000001';
    const db = openDatabase(path.join(dataDir, 'default.sqlite'));
    try {
      // A paid order as the site holds it (placing one needs goods, stock and money: the tests above do that).
      const user = await db.selectFrom('kernel_user').select('id').where('username', '=', 'cli_order').executeTakeFirstOrThrow();
      await db
        .insertInto('order_order')
        .values({
          order_no: no, user_id: user.id, status: 2, goods_amount: 9900, adjust_amount: 0, pay_amount: 9900, adjustments: '[]', quantity: 1, source: 'buy',
          consignee: '王小明', mobile: '13800138000', address: '广东省深圳市南山区 科技园路1号', remark: '', invoice: '', created_at: 1_772_416_800, pay_deadline: 1_772_418_600, paid_at: 1_772_416_900,
          shipped_at: null, expected_delivery_at: null, received_at: null, completed_at: null, cancelled_at: null,
        })
        .execute();
    } finally {
      await db.destroy();
    }
    const half = await storefront('order', 'ship', no, '--tracking', 'SF1234567890');
    expect([half.code, half.stderr.trim()]).toEqual([1, '✖ give --carrier and --tracking together: the shopper looks the parcel up with both']);
    const listed = await storefront('order', 'list', '--state', 'paid', '--since', '2026-03-02', '--json');
    expect(JSON.parse(listed.stdout)).toMatchObject([{ order_no: no, username: 'cli_order', state: 'paid', pay_amount: 9900 }]);
    const shipped = await storefront('order', 'ship', no, '--carrier', '顺丰速运', '--tracking', 'SF1234567890');
    expect([shipped.code, shipped.stdout.trim()]).toEqual([0, `order ${no} is shipped with 顺丰速运 SF1234567890; it counts as received after 10 days`]);
    const shown = await storefront('order', 'show', no);
    expect(shown.stdout).toContain('parcel 顺丰速运 SF1234567890');
    const bad = await storefront('order', 'list', '--state', 'lost', '--since', 'yesterday');
    expect([bad.code, bad.stderr.trim()]).toEqual([1, '✖ --state: Not one of the options (cancelled, unpaid, paid, shipped, received, completed, refunded)\n--since: Must be a date, YYYY-MM-DD']);
  }, 120_000);
});
