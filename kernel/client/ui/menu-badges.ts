/**
 * Live badge values of menu entries. Each badge reads a plugin's valtio store; subscribing to
 * every store of the list (rather than one hook per entry) keeps the hook order fixed however
 * many entries a slot has. An entry with `badgeFrom` and no badge of its own adds up the numeric
 * badges of those slots' entries (the 我的 tab: the member centre's unread chat).
 */
import { useEffect, useReducer } from 'react';
import { snapshot, subscribe } from 'valtio';
import { useKernel, useSession } from '../hooks';
import type { MenuEntry } from '../plugin';
import { shownTo } from '../registries';
import type { UserInfo } from '../../core/user';

type BadgeValue = number | string | null;

export function readBadge(entry: Pick<MenuEntry, 'badge'>): BadgeValue {
  if (!entry.badge) return null;
  return entry.badge.read(snapshot(entry.badge.store) as object) ?? null;
}

/** The sum of the numeric badges; null when it is nothing. */
function sumOf(values: BadgeValue[]): number | null {
  const total = values.reduce<number>((sum, value) => sum + (typeof value === 'number' ? value : 0), 0);
  return total > 0 ? total : null;
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

/** The entries each entry's `badgeFrom` slots hold for this user (none without `badgeFrom`), their plugins' code loading. */
function useBadgeSources(entries: readonly Pick<MenuEntry, 'badgeFrom'>[]): MenuEntry[][] {
  const kernel = useKernel();
  const { user, loggedIn } = useSession();
  const sources = entries.map((entry) => (entry.badgeFrom ?? []).flatMap((slot) => kernel.menu.slot(slot).filter((e) => e.badged && shownTo(e, user as UserInfo | null))));
  // As a slot's own view does: a badge needs its plugin's code, but not for an entry the visitor cannot use yet.
  const wanted = [...new Set(sources.flat().filter((e) => !e.badge && (loggedIn || !e.auth)).map((e) => e.plugin))].join(',');
  useEffect(() => {
    for (const id of wanted ? wanted.split(',') : []) kernel.plugins.load(id).catch((error: unknown) => console.error(`storefront: plugin \`${id}\` failed to load`, error));
  }, [wanted, kernel]);
  return sources;
}

export function useMenuBadges(entries: readonly Pick<MenuEntry, 'badge' | 'badgeFrom'>[]): BadgeValue[] {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const sources = useBadgeSources(entries);
  const all = [...entries, ...sources.flat()];
  const stores = [...new Set(all.flatMap((e) => (e.badge ? [e.badge.store] : [])))];
  const key = stores.map(storeId).join(',');
  useEffect(() => {
    const stops = stores.map((store) => subscribe(store, rerender));
    return () => stops.forEach((stop) => stop());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names exactly the stores
  }, [key]);
  // After subscribing, so a refresh that answers at once is seen.
  useBadgeRefresh(all);
  return entries.map((entry, i) => (entry.badge ? readBadge(entry) : sources[i].length > 0 ? sumOf(sources[i].map(readBadge)) : null));
}
