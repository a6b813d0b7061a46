import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { orderContract } from '@plugins/order/contract';
import { couponContract, type CouponOptions } from './contract';
import { couponFixture, type CouponFixture } from './testing';

let f: CouponFixture;
beforeEach(async () => {
  f = await couponFixture();
});
afterEach(() => f.t.close());

type Shopper = TestUser & { addressId: number };
let keys = 0;
const claim = (who: TestUser, couponId: number, lang?: string) => f.t.call(couponContract.claim, { coupon_id: couponId }, { token: who.token, lang });
const mine = async (who: TestUser, state: 'unused' | 'used' | 'expired' = 'unused') => (await f.t.call(couponContract.mine, { state }, { token: who.token })).body.data;
const preview = (who: Shopper, sku: { goodsId: number; skuId: number }, num: number, coupon?: number) =>
  f.t.call(orderContract.settlement, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num, ...(coupon ? { choices: { coupon } } : {}) }, { token: who.token });
const place = (who: Shopper, sku: { goodsId: number; skuId: number }, num: number, coupon?: number) =>
  f.t.call(
    orderContract.confirm,
    { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num, address_id: who.addressId, request_key: `coupon-key-${++keys}-abc`, ...(coupon ? { choices: { coupon } } : {}) },
    { token: who.token },
  );
const copyOf = async (copyId: number) => f.t.db.selectFrom('coupon_user').selectAll().where('id', '=', copyId).executeTakeFirstOrThrow();
const yuan = (fen: number) => (fen / 100).toFixed(2);

describe('the claim centre', () => {
  it('lists the coupons to claim, and a claim lands in my unused coupons with its validity', async () => {
    const ann = await f.shopper();
    const centre = (await f.t.call(couponContract.centre, {}, { token: ann.token })).body.data;
    expect(centre.map((c) => c.name)).toEqual(['无门槛5元', '全场8.5折', '满100减10']);
    const full = centre[2];
    expect(full).toMatchObject({ kind: 'full', amount: '10.00', min_amount: '100.00', valid_days: 30, mine: 0, per_user: 2 });
    const claimed = await claim(ann, full.id);
    expect(claimed.body).toMatchObject({ code: 1, data: { state: 'unused', coupon: { name: '满100减10' } } });
    const now = f.t.services.clock.nowSeconds();
    expect(claimed.body.data.expires_at - claimed.body.data.starts_at).toBe(30 * 86_400);
    expect(claimed.body.data.starts_at).toBe(now);
    expect((await mine(ann)).list.map((c) => c.coupon.name)).toEqual(['满100减10']);
    expect((await f.t.call(couponContract.centre, {}, { token: ann.token })).body.data[2]).toMatchObject({ mine: 1, left: full.left - 1 });
  });

  it('shows the claim centre to an anonymous visitor, holding none, and asks to log in to claim', async () => {
    const anonymous = await f.t.call(couponContract.centre, {});
    expect(anonymous.body.code).toBe(1);
    expect(anonymous.body.data.map((c) => [c.name, c.mine])).toEqual([
      ['无门槛5元', 0],
      ['全场8.5折', 0],
      ['满100减10', 0],
    ]);
    const refused = await f.t.call(couponContract.claim, { coupon_id: anonymous.body.data[0].id });
    expect(refused.status).toBe(401);
    expect(await f.t.db.selectFrom('coupon_user').select('id').execute()).toEqual([]);
  });

  it('gives 10 of a coupon with a stock of 10 when 50 shoppers claim it at once', async () => {
    const id = await f.create({ name: '限量券', kind: 'any', amount: '3', total: '10' });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => f.t.createUser()));
    const replies = await Promise.all(shoppers.map((s) => claim(s, id)));
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(10);
    expect(new Set(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg))).toEqual(new Set(['优惠券已被领完']));
    const row = await f.t.db.selectFrom('coupon_coupon').select(['claimed', 'total']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ claimed: 10, total: 10 });
    expect(await f.t.violations()).toEqual([]);
  });

  it('gives one copy of a coupon limited to one per shopper, however many claims arrive at once', async () => {
    const id = await f.create({ name: '每人一张', kind: 'any', amount: '2', total: '100', perUser: '1' });
    const ann = await f.shopper();
    const replies = await Promise.all(Array.from({ length: 20 }, () => claim(ann, id)));
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(replies.find((r) => r.body.code === 0)?.body.msg).toBe('每人限领1张，您已领满');
    expect((await mine(ann)).total).toBe(1);
    const row = await f.t.db.selectFrom('coupon_coupon').select('claimed').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.claimed).toBe(1);
    expect(await f.t.violations()).toEqual([]);
  });

  it('refuses disabled, unknown, hidden and ended coupons in the shopper’s language, changing nothing', async () => {
    const ann = await f.shopper();
    const disabled = await f.create({ name: '停用券', kind: 'any', amount: '1' });
    await f.run('disable', {}, [String(disabled)]);
    const hidden = await f.create({ name: '隐藏券', kind: 'any', amount: '1', hidden: true });
    expect((await claim(ann, disabled)).body).toMatchObject({ code: 0, msg: '优惠券不存在或已停用' });
    expect((await claim(ann, hidden, 'en')).body).toMatchObject({ code: 0, msg: 'This coupon does not exist or has been stopped' });
    expect((await claim(ann, 9999)).body.code).toBe(0);
    const window = await f.create({ name: '限时券', kind: 'any', amount: '1', days: undefined, from: '2026-03-01', until: '2026-03-02' });
    f.t.clock.advance(2 * 86_400_000);
    const later = await f.t.login(ann.username, ann.password);
    expect((await claim(later, window, 'en')).body).toMatchObject({ code: 0, msg: 'This coupon can no longer be claimed' });
    expect((await mine(later)).total).toBe(0);
  });
});

describe('a coupon at settlement', () => {
  it('lists the usable coupons with their discount and explains the others; the chosen one prices the order', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const full = await f.create({ name: '满减', kind: 'full', amount: '10', min: yuan(sku.price * 2) });
    const any = await f.create({ name: '大额券', kind: 'any', amount: yuan(sku.price + 1) });
    for (const id of [full, any]) await claim(ann, id);
    const [fullCopy, anyCopy] = (await mine(ann)).list.sort((a, b) => a.id - b.id).map((c) => c.id);

    const one = (await preview(ann, sku, 1)).body.data;
    const options = one.options.coupon as CouponOptions;
    expect(options.chosen).toBeNull();
    expect(options.coupons.map((c) => [c.coupon.name, c.usable, c.reason])).toEqual([
      ['满减', false, 'below_min'],
      ['大额券', false, 'exceeds_amount'],
    ]);

    const two = (await preview(ann, sku, 2, fullCopy)).body.data;
    expect((two.options.coupon as CouponOptions).chosen).toBe(fullCopy);
    expect(two.adjustments).toEqual([{ id: 'coupon', label: 'coupon:adjust.label', amount: '-10.00', detail: '满减' }]);
    expect(two.pay_amount).toBe(yuan(sku.price * 2 - 1000));

    // Unusable on one item: a preview leaves it out, placing refuses and places nothing.
    expect((await preview(ann, sku, 1, anyCopy)).body.data.adjustments).toEqual([]);
    const refused = await place(ann, sku, 1, anyCopy);
    expect(refused.body).toMatchObject({ code: 0, msg: '优惠券金额超过订单金额' });
    expect(await f.t.db.selectFrom('order_order').select('id').execute()).toEqual([]);
    expect((await copyOf(anyCopy)).used_at).toBeNull();
  });

  it('uses the coupon on the order, shows it on the order detail, and gives it back when the order is cancelled', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const id = await f.create({ name: '无门槛1元', kind: 'any', amount: '1' });
    const copy = (await claim(ann, id)).body.data.id;
    const placed = await place(ann, sku, 1, copy);
    expect(placed.body).toMatchObject({ code: 1, data: { pay_amount: yuan(sku.price - 100) } });
    const orderNo = placed.body.data.order_no;
    expect(await copyOf(copy)).toMatchObject({ order_no: orderNo });
    expect((await mine(ann, 'used')).list.map((c) => c.order_no)).toEqual([orderNo]);

    const detail = (await f.t.call(orderContract.detail, { order_no: orderNo }, { token: ann.token })).body.data;
    expect(detail.adjustments).toEqual([{ id: 'coupon', label: 'coupon:adjust.label', amount: '-1.00', detail: '无门槛1元' }]);

    expect((await f.t.call(orderContract.cancel, { order_no: orderNo }, { token: ann.token })).body.code).toBe(1);
    expect(await copyOf(copy)).toMatchObject({ used_at: null, order_no: null });
    expect((await mine(ann)).list.map((c) => c.id)).toEqual([copy]);
    expect(await f.t.violations()).toEqual([]);
  });

  it('gives the coupon back when an unpaid order runs out of time', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const copy = (await claim(ann, await f.create({ name: '一元券', kind: 'any', amount: '1' }))).body.data.id;
    expect((await place(ann, sku, 1, copy)).body.code).toBe(1);
    f.t.clock.advance(31 * 60_000);
    await f.t.runJobs();
    expect(await copyOf(copy)).toMatchObject({ used_at: null, order_no: null });
  });

  it('uses one coupon on one order when two confirmations race for it', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const copy = (await claim(ann, await f.create({ name: '抢用券', kind: 'any', amount: '1' }))).body.data.id;
    const replies = await Promise.all([place(ann, sku, 1, copy), place(ann, sku, 1, copy)]);
    expect(replies.map((r) => r.body.code).sort()).toEqual([0, 1]);
    expect(replies.find((r) => r.body.code === 0)?.body.msg).toBe('这张优惠券已不可用，请重新选择');
    const orders = await f.t.db.selectFrom('order_order').select(['order_no', 'adjust_amount']).execute();
    expect(orders).toEqual([{ order_no: (await copyOf(copy)).order_no, adjust_amount: -100 }]);
    expect((await f.t.db.selectFrom('goods_sku').select('stock').where('id', '=', sku.skuId).executeTakeFirstOrThrow()).stock).toBe(9);
    expect(await f.t.violations()).toEqual([]);
  });

  it('refuses a coupon disabled after it was claimed: unusable at settlement, refused on placing, shown as withdrawn in my coupons', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const id = await f.create({ name: '停用前领的券', kind: 'any', amount: '1' });
    const copy = (await claim(ann, id)).body.data.id;
    expect(((await preview(ann, sku, 1)).body.data.options.coupon as CouponOptions).coupons.map((c) => c.usable)).toEqual([true]);
    await f.run('disable', {}, [String(id)]);

    const data = (await preview(ann, sku, 1, copy)).body.data;
    expect(data.adjustments).toEqual([]);
    expect(data.pay_amount).toBe(yuan(sku.price));
    const options = data.options.coupon as CouponOptions;
    expect(options.chosen).toBeNull();
    expect(options.coupons.map((c) => [c.id, c.usable, c.reason, c.coupon.disabled])).toEqual([[copy, false, 'disabled', true]]);

    expect((await place(ann, sku, 1, copy)).body).toMatchObject({ code: 0, msg: '这张优惠券已被商家停用，请重新选择' });
    const inEnglish = await f.t.call(
      orderContract.confirm,
      { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: ann.addressId, request_key: `coupon-key-${++keys}-abc`, choices: { coupon: copy } },
      { token: ann.token, lang: 'en' },
    );
    expect(inEnglish.body).toMatchObject({ code: 0, msg: 'This coupon has been withdrawn by the shop: please choose again' });
    expect(await f.t.db.selectFrom('order_order').select('id').execute()).toEqual([]);
    expect(await copyOf(copy)).toMatchObject({ used_at: null, order_no: null });
    expect((await mine(ann)).list.map((c) => [c.id, c.state, c.coupon.disabled])).toEqual([[copy, 'unused', true]]);
  });

  it('takes a share off, up to its cap, and no expired coupon', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const rate = (await claim(ann, await f.create({ name: '九折', kind: 'rate', rate: '90', cap: '1', days: '1' }))).body.data.id;
    const data = (await preview(ann, sku, 1, rate)).body.data;
    expect(data.adjustments[0].amount).toBe(`-${yuan(Math.min(100, Math.floor(sku.price / 10)))}`);
    f.t.clock.advance(86_400_000);
    const again = { ...ann, ...(await f.t.login(ann.username, ann.password)) };
    const later = (await preview(again, sku, 1, rate)).body.data;
    expect(later.adjustments).toEqual([]);
    expect((later.options.coupon as CouponOptions).coupons).toEqual([]);
    expect((await mine(again, 'expired')).list.map((c) => c.id)).toEqual([rate]);
  });
});

describe('storefront coupon …', () => {
  it('creates, lists, disables and grants, refusing bad options all at once', async () => {
    await expect(f.run('create', { name: '', kind: 'half', days: '0' })).rejects.toThrow('--name: Required\n--kind: Not one of the options (full, rate, any)\n--days: Must be at least 1');
    await expect(f.run('create', { name: '九折', kind: 'rate', amount: '5', from: '2026-03-09', until: '2026-03-08' })).rejects.toThrow(
      'a rate coupon needs --rate, the percent the shopper pays, 1–99 (85 is 15 % off)\n--amount is for full and any coupons; a rate coupon takes --rate (and --cap)\n--until is before --from',
    );
    await expect(f.run('create', { name: '过期', kind: 'any', amount: '1', days: undefined, from: '2026-02-01', until: '2026-02-28' })).rejects.toThrow('--until (2026-02-28) has passed');
    await expect(f.run('create', { name: 'x', kind: 'full', amount: '20', min: '10', days: '3' })).rejects.toThrow('may not exceed --min');
    const id = await f.create({ name: '客服补偿', kind: 'any', amount: '5', total: '1', hidden: true });
    const list = await f.run('list');
    expect(list.lines.at(-1)).toBe(`${id}  "客服补偿"  ¥5.00 off any order, 7 days from claiming, claimed 0/1, used 0, hidden`);
    const ann = await f.t.createUser({ username: 'ann_coupon' });
    const granted = await f.run('grant', {}, ['ann_coupon', String(id)]);
    expect(granted.lines[0]).toMatch(/^gave ann_coupon coupon \d+ \(copy \d+\)$/);
    expect((await mine(ann)).list.map((c) => c.coupon.name)).toEqual(['客服补偿']);
    await expect(f.run('grant', {}, ['nobody', String(id)])).rejects.toThrow('there is no user "nobody"');
    expect((await f.run('disable', {}, [String(id)])).lines).toEqual([`coupon ${id} disabled`]);
    await expect(f.run('grant', {}, ['ann_coupon', String(id)])).rejects.toThrow('This coupon does not exist or has been stopped');
    await expect(f.run('disable', {}, ['777'])).rejects.toThrow('coupon 777 does not exist');
  });
});

describe('coupon titles in the shopper\'s language', () => {
  it('answers the English title to an English request where there is one, the Chinese otherwise', async () => {
    const ann = await f.shopper();
    const english = { token: ann.token, lang: 'en' };
    const centre = (await f.t.call(couponContract.centre, {}, english)).body.data;
    expect(centre.map((c) => c.name)).toEqual(['¥5 off any order', '15% off everything', '¥10 off ¥100']);
    expect((await f.t.call(couponContract.centre, {}, { token: ann.token })).body.data[1].name).toBe('全场8.5折');
    const claimed = await claim(ann, centre[1].id, 'en');
    expect(claimed.body.data.coupon.name).toBe('15% off everything');
    expect((await f.t.call(couponContract.mine, { state: 'unused' }, english)).body.data.list[0].coupon.name).toBe('15% off everything');
    expect((await mine(ann)).list[0].coupon.name).toBe('全场8.5折');
  });

  it('names the coupon in the reader\'s language at settlement and on the order, whatever language it was placed in', async () => {
    const ann = await f.shopper();
    const sku = await f.sku(10);
    const id = await f.create({ name: '无门槛1元', nameEn: '¥1 off', kind: 'any', amount: '1' });
    const copy = (await claim(ann, id)).body.data.id;
    const settlement = await f.t.call(orderContract.settlement, { source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, choices: { coupon: copy } }, { token: ann.token, lang: 'en' });
    expect((settlement.body.data.options.coupon as CouponOptions).coupons[0].coupon.name).toBe('¥1 off');
    expect(settlement.body.data.adjustments[0]).toMatchObject({ detail: '¥1 off' });
    const orderNo = (await place(ann, sku, 1, copy)).body.data.order_no;
    const detail = (lang?: string) => f.t.call(orderContract.detail, { order_no: orderNo }, { token: ann.token, lang });
    expect((await detail('en')).body.data.adjustments[0]).toMatchObject({ detail: '¥1 off' });
    expect((await detail()).body.data.adjustments[0]).toMatchObject({ detail: '无门槛1元' });
  });

  it('`coupon create` takes the English title with --name-en, and refuses one too long', async () => {
    await expect(f.run('create', { name: '满50减5', nameEn: 'x'.repeat(61), kind: 'full', amount: '5', min: '50', days: '3' })).rejects.toThrow('--name-en: At most 60 characters');
    const created = await f.run('create', { name: '满50减5', nameEn: '¥5 off ¥50', kind: 'full', amount: '5', min: '50', days: '3' });
    expect(created.lines[0]).toContain('"满50减5" ("¥5 off ¥50")');
    const centre = (await f.t.call(couponContract.centre, {}, { lang: 'en' })).body.data;
    expect(centre[0].name).toBe('¥5 off ¥50');
  });
});
