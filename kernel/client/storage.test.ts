import { describe, expect, it } from 'vitest';
import { createStorage } from './storage';

describe('storage', () => {
  it('round-trips typed values under a versioned key', () => {
    const storage = createStorage({ area: localStorage });
    storage.set('prefs', { dark: true, size: 3 });
    expect(localStorage.getItem('storefront:v1:prefs')).toBe('{"dark":true,"size":3}');
    expect(storage.get('prefs', { dark: false, size: 0 })).toEqual({ dark: true, size: 3 });
  });

  it('returns the fallback for corrupt JSON and removes the bad entry', () => {
    localStorage.setItem('storefront:v1:user', '{"id":1,"tok');
    const storage = createStorage({ area: localStorage });
    expect(storage.get('user', null)).toBeNull();
    expect(localStorage.getItem('storefront:v1:user')).toBeNull();
  });

  it('ignores and sweeps entries of an older schema version', () => {
    localStorage.setItem('storefront:v1:user', '{"id":1}');
    localStorage.setItem('unrelated', 'kept');
    const storage = createStorage({ area: localStorage, version: 2 });
    expect(storage.get('user', 'none')).toBe('none');
    expect(localStorage.getItem('storefront:v1:user')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('keeps working when the storage area throws (quota, private mode)', () => {
    const broken = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
      clear: () => {},
    } as Storage;
    const storage = createStorage({ area: broken });
    expect(() => storage.set('a', 1)).not.toThrow();
    expect(storage.get('a', 5)).toBe(5);
    expect(() => storage.remove('a')).not.toThrow();
  });

  it('removes a value', () => {
    const storage = createStorage({ area: localStorage });
    storage.set('a', 1);
    storage.remove('a');
    expect(storage.get('a', 0)).toBe(0);
  });
});
