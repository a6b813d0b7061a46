import { describe, expect, it } from 'vitest';
import { createStorage } from '@kernel/client/storage';
import { clearRecent, popularWords, readRecent, rememberSearch, withRecent, RECENT_MAX } from './keywords';

const memory = (): globalThis.Storage => {
  const map = new Map<string, string>();
  return {
    get length() { return map.size; },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
};

describe('search words', () => {
  it('puts the newest first, once, trimmed, and keeps ten', () => {
    expect(withRecent(['耳机', '手机'], ' 手机 ')).toEqual(['手机', '耳机']);
    expect(withRecent(['耳机'], '   ')).toEqual(['耳机']);
    const many = Array.from({ length: RECENT_MAX }, (_, i) => `w${i}`);
    expect(withRecent(many, 'new')).toEqual(['new', ...many.slice(0, RECENT_MAX - 1)]);
  });

  it('survives in storage, ignores a corrupt entry and clears', () => {
    const area = memory();
    const storage = createStorage({ area });
    rememberSearch(storage, '口红');
    rememberSearch(storage, '耳机');
    expect(readRecent(createStorage({ area }))).toEqual(['耳机', '口红']);
    storage.set('goods.recentSearches', { not: 'a list' });
    expect(readRecent(storage)).toEqual([]);
    storage.set('goods.recentSearches', ['ok', 3, null]);
    expect(readRecent(storage)).toEqual(['ok']);
    clearRecent(storage);
    expect(readRecent(storage)).toEqual([]);
  });

  it('turns recommended goods into short popular words without brand or model', () => {
    const goods = [
      { name: '花语 丝绒哑光口红', brand_name: '花语' },
      { name: '田园记 赣南脐橙 5kg', brand_name: '田园记' },
      { name: '花语 丝绒哑光口红 礼盒', brand_name: '花语' },
      { name: '纯棉 T 恤', brand_name: '' },
      { name: '极光', brand_name: '极光' },
    ];
    expect(popularWords(goods)).toEqual(['丝绒哑光口红', '赣南脐橙', '纯棉', '极光']);
    expect(popularWords(goods, 2)).toEqual(['丝绒哑光口红', '赣南脐橙']);
  });
});
