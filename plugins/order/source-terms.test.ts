import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProject, type FakeProject } from '@kernel/server/fake-project';
import { createTestServer, REPO_ROOT, type TestServer } from '@kernel/server/testing';
import { orderContract } from './contract';
import { onSaleSku } from './testing';

// A test plugin `terms` whose order source decides per request, from its own live settings, how
// long its orders wait for payment and whether price adjusters apply; and an adjuster taking 1
// fen off when the shopper chooses it.
const termsServer = `
import { contribute } from '@kernel/core/extension';
import { defineServerPlugin } from '@kernel/server/plugin';
import { catalogueLines, orderAdjusters, orderSources, releaseSkuStock, reserveSkuStock, type OrderSourceDef, type PriceAdjuster } from '@plugins/order/public';
import descriptor from './plugin';

const source: OrderSourceDef = {
  id: 'terms',
  payMinutes: 99,
  lines: (tx, { payload, lang }) => catalogueLines(tx, [{ goodsId: payload.goods_id ?? 0, skuId: payload.sku_id ?? 0, quantity: payload.num ?? 1, ref: null }], lang),
  reserve: (tx, placed) => reserveSkuStock(tx, placed),
  release: (tx, order) => releaseSkuStock(tx, order),
  terms(settingsOf) {
    const { minutes, coupons } = settingsOf('terms') as { minutes: number; coupons: number };
    return { payMinutes: minutes, adjusters: coupons === 1 };
  },
};
const cent: PriceAdjuster = { id: 'cent', adjust: async ({ choice }) => (choice === 1 ? { label: 'order:title', amount: -1 } : null) };

export default defineServerPlugin(descriptor, { contributes: [...contribute(orderSources, source), ...contribute(orderAdjusters, cent)] });
`;

let project: FakeProject;
let t: TestServer;

beforeAll(async () => {
  project = fakeProject({
    terms: {
      descriptor: { id: 'terms', version: '1.0.0', requires: ['order'], fills: ['order.sources', 'order.adjusters'], settings: 'z.object({ minutes: z._default(z.number(), 7), coupons: z._default(z.number(), 0) })' },
      server: termsServer,
    },
  });
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, 'plugins'), { withFileTypes: true })) {
    if (entry.isDirectory()) fs.cpSync(path.join(REPO_ROOT, 'plugins', entry.name), path.join(project.root, 'plugins', entry.name), { recursive: true });
  }
  t = await createTestServer({ root: project.root, plugins: ['order', 'terms'], seed: true, now: new Date('2026-03-02T02:00:00Z') });
});
afterAll(async () => {
  await t?.close();
  project?.remove();
});

describe("a source's terms, from its plugin's live settings", () => {
  it('sets the payment deadline and turns adjusters off or on per request; `buy` keeps the defaults', async () => {
    const ann = await t.createUser({ money: 100_000_000 });
    const address = { name: '王小明', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '科技园路1号', is_default: 1 };
    const addressId = (await t.call<{ id: number }>('/api/address/save', address, { token: ann.token })).body.data.id;
    const sku = await onSaleSku(t.db, 0, 50);
    const preview = (source: string) => t.call(orderContract.settlement, { source, goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, choices: { cent: 1 } }, { token: ann.token });

    const off = (await preview('terms')).body.data;
    expect([off.pay_minutes, off.adjustments]).toEqual([7, []]);
    const bought = (await preview('buy')).body.data;
    expect([bought.pay_minutes, bought.adjustments.map((a) => a.amount)]).toEqual([30, ['-0.01']]);

    await t.editSite((file) => {
      file.plugins.terms = { enabled: true, settings: { minutes: 3, coupons: 1 } };
    });
    const on = (await preview('terms')).body.data;
    expect([on.pay_minutes, on.adjustments.map((a) => a.amount)]).toEqual([3, ['-0.01']]);
    const placed = await t.call(orderContract.confirm, { source: 'terms', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, choices: { cent: 1 }, address_id: addressId, request_key: 'terms-order-1' }, { token: ann.token });
    expect(placed.body.data.pay_deadline).toBe(t.clock.nowSeconds() + 3 * 60);
  });
});
