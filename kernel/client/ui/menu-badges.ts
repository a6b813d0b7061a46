/**
 * Live badge values of menu entries. Each badge reads a plugin's valtio store; subscribing to
 * every store of the list (rather than one hook per entry) keeps the hook order fixed however
 * many entries a slot has.
 */
import { useEffect, useReducer } from 'react';
import { snapshot, subscribe } from 'valtio';
import type { MenuEntry } from '../plugin';

export function readBadge(entry: Pick<MenuEntry, 'badge'>): number | string | null {
  if (!entry.badge) return null;
  return entry.badge.read(snapshot(entry.badge.store) as object) ?? null;
}

// A stable id per store, so the effect below depends on one string, whatever the number of stores.
const storeIds = new WeakMap<object, number>();
let lastStoreId = 0;
const storeId = (store: object) => {
  if (!storeIds.has(store)) storeIds.set(store, ++lastStoreId);
  return storeIds.get(store) as number;
};

export function useMenuBadges(entries: readonly Pick<MenuEntry, 'badge'>[]): (number | string | null)[] {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const stores = [...new Set(entries.flatMap((e) => (e.badge ? [e.badge.store] : [])))];
  const key = stores.map(storeId).join(',');
  useEffect(() => {
    const stops = stores.map((store) => subscribe(store, rerender));
    return () => stops.forEach((stop) => stop());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names exactly the stores
  }, [key]);
  return entries.map(readBadge);
}
