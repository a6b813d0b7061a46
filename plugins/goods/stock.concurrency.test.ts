import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotTransaction } from '@kernel/server/hot-transaction';
import { setSkuStock } from './admin.service';
import { recordSale, releaseStock, reserveStock } from './public';
import { goodsDetail } from './service';
import { openCatalogue, type Catalogue } from './testing';

/** Stock moved by many orders at once, in hot transactions (READ COMMITTED on PostgreSQL). */
let c: Catalogue;
beforeAll(async () => {
  c = await openCatalogue();
});
afterAll(() => c.close());

const atOnce = <T>(n: number, run: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => run(i)));
const skusOf = async (goodsId: number) => (await c.db.selectFrom('goods_sku').select('id').where('goods_id', '=', goodsId).orderBy('id').execute()).map((s) => s.id);
const stockOf = async (skuId: number) => (await c.db.selectFrom('goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
/** The goods' stock as the catalogue serves it (the sum of its SKUs') and its sales counter. */
const goodsRow = async (goodsId: number) => {
  const { stock, sales } = await goodsDetail(c.db, goodsId);
  return { stock, sales };
};

describe('stock under a crowd', () => {
  it('reserves exactly the stock when 60 orders race for two SKUs of one goods, and the goods serves the sum of its SKUs', async () => {
    const [black, white] = await skusOf(c.goods.x5);
    await setSkuStock(c.db, black, 10);
    await setSkuStock(c.db, white, 7);
    const before = (await goodsRow(c.goods.x5)).stock;
    const taken = await atOnce(60, (i) => hotTransaction(c.db).execute((tx) => reserveStock(tx, i % 2 ? white : black, 1)));
    expect(taken.filter(Boolean)).toHaveLength(17);
    expect([await stockOf(black), await stockOf(white)]).toEqual([0, 0]);
    expect((await goodsRow(c.goods.x5)).stock).toBe(before - 17);
  });

  it('never takes more than is left when orders of 3 race for a stock of 10: three orders, one left', async () => {
    const [black] = await skusOf(c.goods.x5);
    await setSkuStock(c.db, black, 10);
    const taken = await atOnce(12, () => hotTransaction(c.db).execute((tx) => reserveStock(tx, black, 3)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await stockOf(black)).toBe(1);
  });

  it('loses no update when reservations, releases and sales of one goods race', async () => {
    const [black, , white] = await skusOf(c.goods.x5);
    await setSkuStock(c.db, black, 5);
    await setSkuStock(c.db, white, 5);
    const { stock: before, sales } = await goodsRow(c.goods.x5);
    const moves = await atOnce(60, (i) =>
      hotTransaction(c.db).execute(async (tx) => {
        const sku = i % 2 ? white : black;
        if (i % 3 === 0) {
          await releaseStock(tx, sku, 1);
          return 'released';
        }
        if (i % 3 === 1) {
          await recordSale(tx, c.goods.x5, 2);
          return 'sold';
        }
        return (await reserveStock(tx, sku, 1)) ? 'reserved' : 'short';
      }),
    );
    const count = (what: string) => moves.filter((m) => m === what).length;
    expect(count('reserved') + count('short')).toBe(20);
    const skus = (await stockOf(black)) + (await stockOf(white));
    expect(skus).toBe(10 + count('released') - count('reserved'));
    const after = await goodsRow(c.goods.x5);
    expect(after.stock).toBe(before + count('released') - count('reserved'));
    expect(after.sales).toBe(sales + 2 * count('sold'));
  });
});
