import { describe, expect, it } from 'vitest';
import { buildPath, hashHref, queryId, splitPath } from './url';

describe('hash locations', () => {
  it('keeps the query inside the hash', () => {
    expect(buildPath('/goods/detail/detail', { id: 3 })).toBe('/goods/detail/detail?id=3');
    expect(buildPath('/goods/list/list?keyword=tea', { page: 2 })).toBe('/goods/list/list?keyword=tea&page=2');
    expect(hashHref('/a', { q: '红 茶' })).toBe('#/a?q=%E7%BA%A2+%E8%8C%B6');
  });

  it('splits a location into path and query', () => {
    expect(splitPath('/goods/detail/detail?id=3&from=home')).toEqual({ path: '/goods/detail/detail', query: { id: '3', from: 'home' } });
    expect(splitPath('goods/list/')).toEqual({ path: '/goods/list', query: {} });
    expect(splitPath('/')).toEqual({ path: '/', query: {} });
  });

  it('reads an id from the query: a positive whole number, or nothing', () => {
    expect(queryId('3')).toBe(3);
    for (const value of [undefined, '', '0', '-2', '1.5', 'abc', '3x']) expect(queryId(value)).toBeUndefined();
  });
});
