import { describe, expect, it } from 'vitest';
import { filterPayload, isFiltered, nextSort, NO_FILTERS } from './list-query';

describe('list sort and filters', () => {
  it('flips the price order on each tap and resets other sorts to descending', () => {
    const start = { sort: 'default', order: 'desc' } as const;
    const up = nextSort(start, 'price');
    expect(up).toEqual({ sort: 'price', order: 'asc' });
    expect(nextSort(up, 'price')).toEqual({ sort: 'price', order: 'desc' });
    expect(nextSort(nextSort(up, 'price'), 'price')).toEqual({ sort: 'price', order: 'asc' });
    expect(nextSort(up, 'sales')).toEqual({ sort: 'sales', order: 'desc' });
    expect(nextSort({ sort: 'sales', order: 'desc' }, 'price')).toEqual({ sort: 'price', order: 'asc' });
  });

  it('sends only amounts of money and the chosen brand', () => {
    expect(filterPayload({ brandId: 3, priceMin: ' 10.5 ', priceMax: '20' })).toEqual({ brand_id: 3, price_min: '10.5', price_max: '20' });
    expect(filterPayload({ priceMin: 'abc', priceMax: '-5' })).toEqual({ brand_id: undefined, price_min: undefined, price_max: undefined });
    expect(filterPayload({ priceMin: '1.234', priceMax: '' })).toMatchObject({ price_min: undefined });
  });

  it('counts as filtered only when something would be sent', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ priceMin: 'x', priceMax: '' })).toBe(false);
    expect(isFiltered({ priceMin: '', priceMax: '99' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, brandId: 1 })).toBe(true);
  });
});
