import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { teamContract } from './contract';
import { commissionFixture, type CommissionFixture, type Shopper } from './testing';

let f: CommissionFixture;
beforeAll(async () => {
  f = await commissionFixture();
});
afterAll(() => f.t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const call = async <T = any>(who: TestUser | null, def: { path: string }, payload: unknown, lang?: 'en') =>
  (await f.t.call<T>(def.path, payload, { token: who ? await f.token(who) : undefined, lang })).body;
const pick = (who: TestUser, goodsId: number, action: 'add' | 'remove' = 'add') => call<{ picked: boolean; count: number }>(who, teamContract.handleAgentGoods, { goods_id: goodsId, action });
const codeOf = async (who: TestUser) => (await f.t.services.users.info(who.id)).invite;
const visit = async (who: TestUser, agent: TestUser, goodsId: number) => call<{ recorded: boolean }>(who, teamContract.visit, { agent: await codeOf(agent), goods_id: goodsId });
/** A SKU of goods none of `others` belongs to (the fixture's SKUs wrap round the catalogue, several per goods). */
async function skuApart(...others: { goodsId: number }[]) {
  for (;;) {
    const sku = await f.sku(100);
    if (!others.some((o) => o.goodsId === sku.goodsId)) return sku;
  }
}
const byUser = (rows: Awaited<ReturnType<CommissionFixture['rows']>>) => Object.fromEntries(rows.map((r) => [`${r.user_id}:${r.level}`, r.amount]));

describe('agent goods', () => {
  it('picks and drops goods on sale, counts them, and lists them by the agent’s code for anyone', async () => {
    const ann = await f.shopper();
    const a = await skuApart();
    const b = await skuApart(a);
    expect((await pick(ann, a.goodsId)).data).toEqual({ picked: true, count: 1 });
    expect((await pick(ann, a.goodsId)).data).toEqual({ picked: true, count: 1 });
    expect((await pick(ann, b.goodsId)).data).toEqual({ picked: true, count: 2 });
    expect((await call(null, teamContract.agentGoodsCount, { agent_user_id: ann.id })).data).toEqual({ count: 2 });
    const shared = (await call<{ agent: { code: string }; mine: boolean; list: { id: number }[]; total: number }>(null, teamContract.agentGoods, { agent: (await codeOf(ann)).toLowerCase() })).data;
    expect([shared.agent.code, shared.mine, shared.list.map((g) => g.id), shared.total]).toEqual([await codeOf(ann), false, [b.goodsId, a.goodsId], 2]);
    expect((await call<{ mine: boolean }>(ann, teamContract.agentGoods, {})).data.mine).toBe(true);
    expect((await pick(ann, a.goodsId, 'remove')).data).toEqual({ picked: false, count: 1 });
    expect((await call<{ picked: boolean }>(ann, teamContract.agentStatus, { goods_id: b.goodsId })).data.picked).toBe(true);
    const unknown = await call(null, teamContract.agentGoods, { agent: 'ZZZZZZ' }, 'en');
    expect(unknown).toMatchObject({ code: 0, msg: 'The promoter "ZZZZZZ" does not exist', data: { field: 'agent' } });
  });

  it('refuses goods off sale and past the setting’s most', async () => {
    const ann = await f.shopper();
    const off = await f.sku(10);
    await f.t.db.updateTable('goods_goods').set({ status: 0 }).where('id', '=', off.goodsId).execute();
    expect((await pick(ann, off.goodsId)).msg).toBe('该商品已下架，不能推广');
    await f.t.db.updateTable('goods_goods').set({ status: 1 }).where('id', '=', off.goodsId).execute();
    await f.t.editSite((file) => {
      file.plugins.team = { ...file.plugins.team, enabled: true, settings: { maxAgentGoods: 1 } };
    });
    try {
      expect((await pick(ann, off.goodsId)).code).toBe(1);
      expect((await pick(ann, (await skuApart(off)).goodsId)).msg).toBe('最多推广 1 件商品');
    } finally {
      await f.t.editSite((file) => {
        file.plugins.team = { ...file.plugins.team, enabled: true, settings: {} };
      });
    }
  });
});

describe("an order through an agent's link", () => {
  /** An agent (invited by a boss) promoting one SKU, and a buyer invited by nobody. */
  async function setUp() {
    const boss = await f.shopper();
    const agent = await f.shopper();
    await f.t.db.updateTable('kernel_user').set({ parent_id: boss.id }).where('id', '=', agent.id).execute();
    const sku = await f.sku(100);
    await pick(agent, sku.goodsId);
    const buyer: Shopper = await f.shopper();
    return { boss, agent, sku, buyer };
  }

  it('pays the agent first-level commission and their inviter the second, though the buyer has no inviter', async () => {
    const { boss, agent, sku, buyer } = await setUp();
    expect((await visit(buyer, agent, sku.goodsId)).data).toEqual({ recorded: true });
    const order = await f.buyAndPay(buyer, [sku]);
    await f.settle();
    expect(byUser(await f.rows(order.orderId))).toEqual({ [`${agent.id}:1`]: Math.floor(order.paid / 10), [`${boss.id}:2`]: Math.floor(order.paid / 20) });
  });

  it("pays the agent on their goods' share and the buyer's inviter on the rest", async () => {
    const { agent, sku, buyer } = await setUp();
    const inviter = await f.shopper();
    await f.t.db.updateTable('kernel_user').set({ parent_id: inviter.id }).where('id', '=', buyer.id).execute();
    const other = await skuApart(sku);
    await visit(buyer, agent, sku.goodsId);
    const order = await f.buyAndPay(buyer, [sku, other]);
    await f.settle();
    const agentBase = Math.floor((order.paid * sku.price) / (sku.price + other.price));
    const rows = byUser(await f.rows(order.orderId));
    expect(rows[`${agent.id}:1`]).toBe(Math.floor(agentBase / 10));
    expect(rows[`${inviter.id}:1`]).toBe(Math.floor((order.paid - agentBase) / 10));
  });

  it('notes nothing for a shopper’s own link, goods the agent does not promote, or an unknown code; a link counts 7 days', async () => {
    const { agent, sku, buyer } = await setUp();
    expect((await visit(agent, agent, sku.goodsId)).data).toEqual({ recorded: false });
    expect((await visit(buyer, agent, (await skuApart(sku)).goodsId)).data).toEqual({ recorded: false });
    expect((await call(buyer, teamContract.visit, { agent: 'ZZZZZZ', goods_id: sku.goodsId })).data).toEqual({ recorded: false });
    await visit(buyer, agent, sku.goodsId);
    f.t.clock.advance(8 * 86_400_000);
    const late = await f.buyAndPay(buyer, [sku]);
    await f.settle();
    expect(await f.rows(late.orderId)).toEqual([]);
  });
});
