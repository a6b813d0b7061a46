/**
 * Search words: the shopper's recent searches, newest first, kept in the kernel's Storage so they
 * survive a reload; and popular words taken from the recommended goods.
 */
import type { Storage } from '@kernel/client/kernel';

export const RECENT_KEY = 'goods.recentSearches';
export const RECENT_MAX = 10;

/** Moves the keyword to the front (once), trims it, keeps at most `max`. Pure. */
export function withRecent(list: readonly string[], keyword: string, max = RECENT_MAX): string[] {
  const word = keyword.trim();
  if (!word) return [...list];
  return [word, ...list.filter((w) => w !== word)].slice(0, max);
}

export function readRecent(storage: Storage): string[] {
  const value = storage.get<unknown>(RECENT_KEY, []);
  return Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string').slice(0, RECENT_MAX) : [];
}

export function rememberSearch(storage: Storage, keyword: string): string[] {
  const next = withRecent(readRecent(storage), keyword);
  storage.set(RECENT_KEY, next);
  return next;
}

export function clearRecent(storage: Storage): void {
  storage.remove(RECENT_KEY);
}

/**
 * A goods name as a search word: without the brand in front and the model or size behind
 * ("花语 丝绒哑光口红" → "丝绒哑光口红"). Unique, in the given order. Pure.
 */
export function popularWords(goods: readonly { name: string; brand_name: string }[], max = 8): string[] {
  const words = goods.map(({ name, brand_name }) => {
    const rest = brand_name && name.startsWith(brand_name) ? name.slice(brand_name.length).trim() : name.trim();
    return rest.split(/\s+/)[0] || name.trim();
  });
  return [...new Set(words.filter(Boolean))].slice(0, max);
}
