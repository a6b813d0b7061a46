import { describe, expect, it } from 'vitest';
import { MAX_WORDS, searchWords, toFilters, type GoodsListPayload } from './filters';

const payload = (extra: Partial<GoodsListPayload> = {}): GoodsListPayload => ({ sort: 'default', page: 1, limit: 10, ...extra });

describe('goods list filters', () => {
  it('turns yuan bounds into fen and swaps a range typed backwards', () => {
    expect(toFilters(payload({ price_min: '10.5', price_max: 200 }))).toMatchObject({ minPrice: 1050, maxPrice: 20000 });
    expect(toFilters(payload({ price_min: '300', price_max: '100' }))).toMatchObject({ minPrice: 10000, maxPrice: 30000 });
    expect(toFilters(payload({ price_min: '0' }))).toMatchObject({ minPrice: 0, maxPrice: undefined });
  });

  it('orders price ascending and everything else descending unless told', () => {
    expect(toFilters(payload({ sort: 'price' })).order).toBe('asc');
    expect(toFilters(payload({ sort: 'sales' })).order).toBe('desc');
    expect(toFilters(payload({ sort: 'newest' })).order).toBe('desc');
    expect(toFilters(payload({ sort: 'price', order: 'desc' })).order).toBe('desc');
  });

  it('pages by offset and ignores a blank keyword', () => {
    expect(toFilters(payload({ page: 3, limit: 20 }))).toMatchObject({ offset: 40, limit: 20, page: 3 });
    expect(toFilters(payload({ keyword: '   ' })).keywords).toEqual([]);
  });

  it('reads the recommend flag as a boolean or 0/1', () => {
    expect(toFilters(payload({ recommend: 1 })).recommendOnly).toBe(true);
    expect(toFilters(payload({ recommend: true })).recommendOnly).toBe(true);
    expect(toFilters(payload({ recommend: 0 })).recommendOnly).toBe(false);
    expect(toFilters(payload()).recommendOnly).toBe(false);
  });

  it('splits a keyword into its distinct lower-case words at any white space, the full-width one too', () => {
    expect(toFilters(payload({ keyword: ' 口红  红 ' })).keywords).toEqual(['口红', '红']);
    expect(searchWords('Tee\u3000BLUE\ttee 100%_off')).toEqual(['tee', 'blue', '100%_off']);
    expect(searchWords(Array.from({ length: MAX_WORDS + 3 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_WORDS);
  });
});
