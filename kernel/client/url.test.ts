import { describe, expect, it } from 'vitest';
import { buildPath, hashHref, splitPath } from './url';

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
});
