import { describe, expect, it } from 'vitest';
import { createTokenCache, TOKEN_CACHE_MS } from './token-cache';

const amy = { id: 1, username: 'amy', isStaff: false };
const bob = { id: 2, username: 'bob', isStaff: false };

describe('token cache', () => {
  it('keeps an entry until TOKEN_CACHE_MS have passed or the token expires, whichever comes first', () => {
    const cache = createTokenCache();
    cache.remember('a', amy, 's1', 1_000_000 + 60_000, 1_000_000);
    cache.remember('b', bob, 's2', 1_000_000 + 2_000, 1_000_000);
    expect(cache.get('a', 1_000_000 + TOKEN_CACHE_MS - 1)).toEqual(amy);
    expect(cache.get('a', 1_000_000 + TOKEN_CACHE_MS)).toBeUndefined();
    expect(cache.get('b', 1_000_000 + 1_999)).toEqual(bob);
    expect(cache.get('b', 1_000_000 + 2_000)).toBeUndefined();
    expect(cache.get('unknown', 1_000_000)).toBeUndefined();
  });

  it('drops the entries of ended sessions and of one user, keeping the rest', () => {
    const cache = createTokenCache();
    cache.remember('a1', amy, 's1', 9e12, 0);
    cache.remember('a2', amy, 's2', 9e12, 0);
    cache.remember('b1', bob, 's3', 9e12, 0);
    cache.dropSessions(['s1']);
    expect([cache.get('a1', 1), cache.get('a2', 1), cache.get('b1', 1)]).toEqual([undefined, amy, bob]);
    cache.dropUser(amy.id);
    expect([cache.get('a2', 1), cache.get('b1', 1)]).toEqual([undefined, bob]);
  });

  it('holds at most 20,000 entries, forgetting the oldest first', () => {
    const cache = createTokenCache();
    for (let i = 0; i <= 20_000; i++) cache.remember(`t${i}`, amy, 's', 9e12, 0);
    expect(cache.get('t0', 1)).toBeUndefined();
    expect(cache.get('t1', 1)).toEqual(amy);
    expect(cache.get('t20000', 1)).toEqual(amy);
  });
});
