/**
 * Live badge values of menu entries. Each badge reads a plugin's valtio store; subscribing to
 * every store of the list (rather than one hook per entry) keeps the hook order fixed however
 * many entries a slot has.
 */
import { useEffect, useReducer } from 'react';
import { snapshot, subscribe } from 'valtio';
import { useKernel, useSession } from '../hooks';
import type { MenuEntry } from '../plugin';

export function readBadge(entry: Pick<MenuEntry, 'badge'>): number | string | null {
  if (!entry.badge) return null;
  return entry.badge.read(snapshot(entry.badge.store) as object) ?? null;
}

// A stable id per store (or refresh function), so the effects below depend on one string, whatever their number.
const storeIds = new WeakMap<object, number>();
let lastStoreId = 0;
const storeId = (store: object) => {
  if (!storeIds.has(store)) storeIds.set(store, ++lastStoreId);
  return storeIds.get(store) as number;
};

/** Runs each distinct badge refresh once when the view appears, and again for another shopper. */
function useBadgeRefresh(entries: readonly Pick<MenuEntry, 'badge'>[]): void {
  const kernel = useKernel();
  const userId = useSession().user?.id ?? 0;
  const refreshes = [...new Set(entries.flatMap((e) => (e.badge?.refresh ? [e.badge.refresh] : [])))];
  const key = refreshes.map(storeId).join(',');
  useEffect(() => {
    for (const refresh of refreshes) void (async () => refresh(kernel))().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names exactly the refreshes
  }, [key, userId, kernel]);
}

export function useMenuBadges(entries: readonly Pick<MenuEntry, 'badge'>[]): (number | string | null)[] {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const stores = [...new Set(entries.flatMap((e) => (e.badge ? [e.badge.store] : [])))];
  const key = stores.map(storeId).join(',');
  useEffect(() => {
    const stops = stores.map((store) => subscribe(store, rerender));
    return () => stops.forEach((stop) => stop());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names exactly the stores
  }, [key]);
  // After subscribing, so a refresh that answers at once is seen.
  useBadgeRefresh(entries);
  return entries.map(readBadge);
}
