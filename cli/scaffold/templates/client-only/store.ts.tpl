/**
 * The shopper's __id__ entries, kept on this device in the kernel's Storage (the plugin has no
 * server side): newest first, a title at most once, at most MAX_ENTRIES.
 */
import { proxy } from 'valtio';
import type { Storage } from '@kernel/client/kernel';

export const ENTRIES_KEY = '__id__.entries';
export const MAX_ENTRIES = 50;
export const TITLE_MAX = 60;

export interface __Id__Entry {
  title: string;
  /** Unix milliseconds. */
  created_at: number;
}

export interface __Id__State {
  entries: __Id__Entry[];
}

export const __id__Store = proxy<__Id__State>({ entries: [] });

/** The entry first; a title already there moves up instead of repeating; the oldest go past `max`. Pure. */
export function withEntry(entries: readonly __Id__Entry[], title: string, now: number, max = MAX_ENTRIES): __Id__Entry[] {
  const clean = title.trim().slice(0, TITLE_MAX);
  if (!clean) return [...entries];
  return [{ title: clean, created_at: now }, ...entries.filter((entry) => entry.title !== clean)].slice(0, max);
}

const isEntry = (value: unknown): value is __Id__Entry =>
  typeof value === 'object' && value !== null && typeof (value as __Id__Entry).title === 'string' && typeof (value as __Id__Entry).created_at === 'number';

/** What Storage holds, skipping anything that is not an entry (an older shape, a hand edit). */
export function readEntries(storage: Storage): __Id__Entry[] {
  const value = storage.get<unknown>(ENTRIES_KEY, []);
  return Array.isArray(value) ? value.filter(isEntry).slice(0, MAX_ENTRIES) : [];
}

export function loadEntries(storage: Storage, store: __Id__State = __id__Store): void {
  store.entries = readEntries(storage);
}

export function addEntry(storage: Storage, title: string, store: __Id__State = __id__Store, now = Date.now()): void {
  store.entries = withEntry(store.entries, title, now);
  storage.set(ENTRIES_KEY, store.entries);
}
