import { describe, expect, it } from 'vitest';
import { choiceProblem } from './actions';
import { detail } from './fixtures';
import { view } from './sku';

const goods = detail();
const choice = (selection: (string | null)[]) => view(goods.specs, goods.skus, selection, goods);

describe('choiceProblem (the goods.actions buttons)', () => {
  it('names the specs still to choose', () => {
    expect(choiceProblem(choice([null, null]))).toEqual({ key: 'goods:detail.choose', params: { names: '颜色 / 存储' } });
    expect(choiceProblem(choice(['黑', null]))).toEqual({ key: 'goods:detail.choose', params: { names: '存储' } });
  });

  it('says a chosen SKU without stock is sold out', () => {
    expect(choiceProblem(choice(['白', '256G']))).toEqual({ key: 'goods:detail.sold_out' });
  });

  it('has nothing against an SKU in stock', () => {
    expect(choiceProblem(choice(['黑', '256G']))).toBeNull();
  });
});
