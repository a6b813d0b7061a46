/**
 * Settlement and placing an order. Placing happens in one transaction, once per confirmation key
 * (the kernel answers a repeated key with the first reply: `idempotent` in ./server.ts):
 * the order's source (./sources.ts: the cart, "buy now", a flash sale) gives the goods, the server
 * prices them, adjusters run, the source reserves its stock with conditional updates (never below
 * zero; the cart's lines leave the cart), and the address and goods are snapshotted (the goods'
 * text in Chinese and English).
 * Placing is a hot transaction (READ COMMITTED on PostgreSQL): a crowd buying one SKU queues on its
 * row instead of aborting and retrying. So every decision on a row others change is a conditional
 * update (the stock, a coupon's use), and the stock is reserved last, holding the hot rows only
 * until the commit that follows.
 */
import { BizError } from '@kernel/core/errors';
import { formatYuan } from '@kernel/core/money';
import { hotTransaction, lastBeforeCommit } from '@kernel/server/hot-transaction';
import type { CallContext, Extensions, Lang, ServerServices, Tx } from '@kernel/server/plugin';
import { addressForOrder, defaultAddressId } from '@plugins/address/public';
import { textIn } from '@kernel/core/language';
import type { InvoiceRequest, OrderLine, Settlement } from './contract';
import { sourceFor, termsOf, type OrderSourceDef, type SourcePayload, type SourcedLine } from './sources';
import { newOrderNo } from './order-no';
import { goodsAmount, payable, priceLines, wireAdjustment } from './pricing';
import { orderAdjusters } from './adjusters';
import type { OrderSettings } from './settings';
import { orderPlaced } from './public';
import { STATUS } from './states';
import { writeOrder } from './write-order';

const toWireLine = (line: SourcedLine, lang: Lang): OrderLine => ({
  goods_id: line.sku.goodsId,
  sku_id: line.sku.skuId,
  name: textIn(lang, line.sku.name, line.sku.nameEn),
  image: line.sku.image,
  spec: textIn(lang, line.sku.specText, line.sku.specTextEn),
  price: formatYuan(line.sku.price),
  num: line.quantity,
  total: formatYuan(line.sku.price * line.quantity),
});

interface Pricing {
  tx: Tx;
  extensions: Extensions;
  userId: number;
  now: number;
  lang: Lang;
  choices: Readonly<Record<string, number>>;
  /** The source's term: false, no adjuster runs (its prices are final). */
  adjusters: boolean;
}

/** The server's prices, then each adjuster with the shopper's choice for it; previews also gather what each offers to choose from. */
async function price({ tx, extensions, userId, now, lang, choices, adjusters }: Pricing, lines: SourcedLine[], placing: boolean, orderNo: string) {
  const priced = priceLines(lines.map((l) => ({ goodsId: l.sku.goodsId, skuId: l.sku.skuId, price: l.sku.price, quantity: l.quantity })));
  const goods = goodsAmount(priced);
  const adjustments = [];
  const options: Record<string, unknown> = {};
  for (const adjuster of adjusters ? extensions(orderAdjusters) : []) {
    const input = { userId, lines: priced, goodsAmount: goods, placing, orderNo, choice: choices[adjuster.id], now, lang, tx };
    const result = await adjuster.adjust(input);
    if (result && result.amount !== 0) adjustments.push({ id: adjuster.id, ...result });
    if (!placing && adjuster.options) options[adjuster.id] = await adjuster.options(input);
  }
  return { goods, adjustments, options, ...payable(goods, adjustments) };
}

type Choices = { choices?: Record<string, number> };

/** What the shopper sent: the source's id and its payload (`goods_id`, `sku_id`, `num` for `buy`). */
export interface SourceInput extends SourcePayload {
  source: string;
}

/** The source's lines, within its limits. */
async function linesOf(tx: Tx, source: OrderSourceDef, userId: number, input: SourceInput, lang: Lang, now: number, services: ServerServices): Promise<SourcedLine[]> {
  const { source: _id, ...payload } = input;
  const lines = await source.lines(tx, { userId, payload, lang, now, services });
  const quantity = lines.reduce((n, l) => n + l.quantity, 0);
  if (source.maxQuantity !== undefined && quantity > source.maxQuantity) throw new BizError('order:message.over_limit', { max: source.maxQuantity }, { available: source.maxQuantity });
  return lines;
}

export async function settlement(ctx: CallContext<OrderSettings>, input: SourceInput & Choices & { address_id?: number }): Promise<Settlement> {
  const userId = ctx.requireUser().id;
  const source = sourceFor(ctx.extensions, input.source);
  const terms = termsOf(source, ctx.settingsOf, ctx.settings.paymentMinutes);
  return ctx.db.transaction().execute(async (tx) => {
    const lines = await linesOf(tx, source, userId, input, ctx.lang, ctx.services.clock.nowSeconds(), ctx.services);
    const pricing = { tx, extensions: ctx.extensions, userId, now: ctx.services.clock.nowSeconds(), lang: ctx.lang, choices: input.choices ?? {}, adjusters: terms.adjusters };
    const amounts = await price(pricing, lines, false, '');
    const addressId = input.address_id ?? (await defaultAddressId(tx, userId));
    const address = addressId ? await addressForOrder(tx, userId, addressId) : null;
    const money = await ctx.services.ledger.balance(tx, userId, 'money');
    return {
      address: address && addressId ? { id: addressId, consignee: address.name, mobile: address.mobile, address: address.full_address } : null,
      lines: lines.map((line) => toWireLine(line, ctx.lang)),
      goods_amount: formatYuan(amounts.goods),
      adjustments: amounts.adjustments.map((a) => wireAdjustment(a, ctx.lang)),
      pay_amount: formatYuan(amounts.pay),
      options: amounts.options,
      num: lines.reduce((n, l) => n + l.quantity, 0),
      money: formatYuan(money),
      pay_minutes: terms.payMinutes,
    };
  });
}

/** The source's refusal from memory, before the request key and the placing transaction (OrderSourceDef.refuseEarly). */
export function refuseEarly(ctx: CallContext<OrderSettings>, input: SourceInput): void {
  const source = sourceFor(ctx.extensions, input.source);
  if (!source.refuseEarly) return;
  const { source: _id, ...payload } = input;
  source.refuseEarly({ userId: ctx.requireUser().id, payload, now: ctx.services.clock.nowSeconds(), services: ctx.services });
}

export interface PlaceInput extends SourceInput, Choices {
  address_id: number;
  invoice?: InvoiceRequest | null;
  remark?: string;
}

/** Places the order. */
export async function placeOrder(ctx: CallContext<OrderSettings>, input: PlaceInput): Promise<{ order_no: string; pay_amount: string; pay_deadline: number }> {
  const userId = ctx.requireUser().id;
  const now = ctx.services.clock.nowSeconds();
  const source = sourceFor(ctx.extensions, input.source);
  const terms = termsOf(source, ctx.settingsOf, ctx.settings.paymentMinutes);
  return hotTransaction(ctx.db).execute(async (tx) => {
    // The goods first: when they are sold out (most of a flash sale's late crowd), nothing else is read.
    const lines = await linesOf(tx, source, userId, input, ctx.lang, now, ctx.services);
    const address = await addressForOrder(tx, userId, input.address_id);
    if (!address) throw new BizError('order:message.address_required');
    const orderNo = newOrderNo(ctx.services.clock.now());
    const amounts = await price({ tx, extensions: ctx.extensions, userId, now, lang: ctx.lang, choices: input.choices ?? {}, adjusters: terms.adjusters }, lines, true, orderNo);
    const payDeadline = now + terms.payMinutes * 60;
    const orderId = await writeOrder(
      tx,
      {
        order_no: orderNo,
        user_id: userId,
        status: STATUS.placed,
        goods_amount: amounts.goods,
        adjust_amount: amounts.adjust,
        pay_amount: amounts.pay,
        adjustments: JSON.stringify(amounts.adjustments),
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        source: source.id,
        consignee: address.name,
        mobile: address.mobile,
        address: address.full_address,
        remark: input.remark ?? '',
        invoice: input.invoice ? JSON.stringify(input.invoice) : '',
        created_at: now,
        pay_deadline: payDeadline,
      },
      lines.map((line) => ({
        goods_id: line.sku.goodsId,
        sku_id: line.sku.skuId,
        name: line.sku.name,
        name_en: line.sku.nameEn,
        image: line.sku.image,
        spec: line.sku.specText,
        spec_en: line.sku.specText ? line.sku.specTextEn : '',
        price: line.sku.price,
        quantity: line.quantity,
        total: line.sku.price * line.quantity,
      })),
    );
    await ctx.services.events.emit(tx, orderPlaced, { orderNo, orderId, userId, source: source.id, payAmount: amounts.pay, goodsAmount: amounts.goods });
    // After everything else, the kernel's stored reply included: the hot rows (stock) stay locked only for the commit.
    lastBeforeCommit(tx, () => source.reserve(tx, { userId, orderId, orderNo, lines, lang: ctx.lang, services: ctx.services }));
    return { order_no: orderNo, pay_amount: formatYuan(amounts.pay), pay_deadline: payDeadline };
  });
}
