/**
 * The shopper's __id__ entries, newest first: loaded when the page opens, extended by `addEntry`,
 * forgotten on logout. The manifest imports this store, so the contract (and zod) loads only
 * when a call is made.
 */
import { proxy } from 'valtio';
import type { Http, Kernel } from '@kernel/client/kernel';
import { loadOnce, type LoadState } from '@kernel/client/load-once';
import type { __Id__Entry } from './contract';

export interface __Id__State extends LoadState {
  entries: __Id__Entry[];
}

export const __id__Store = proxy<__Id__State>({ entries: [], status: 'idle', error: '' });

const calls = () => import('./contract').then((module) => module.__id__Contract);

/** Loads unless loaded or loading; `force` loads again (a new visit, a retry). Never rejects. */
export function loadEntries(http: Http, store: __Id__State = __id__Store, force = false): Promise<void> {
  const fetch = async () => http.data((await calls()).list, {}, { toastError: false });
  return loadOnce(store, fetch, (s, entries) => {
    s.entries = entries;
  }, force);
}

/** Adds an entry at the top. A refusal (a duplicate, a full list) is toasted by the kernel and rejects. */
export async function addEntry(http: Http, title: string, store: __Id__State = __id__Store): Promise<__Id__Entry> {
  const entry = await http.data((await calls()).add, { title });
  store.entries = [entry, ...store.entries];
  return entry;
}

/** The manifest's setup hook: whoever logs in next on this browser never sees the last shopper's list. */
export function forgetOnLogout(kernel: Kernel, store: __Id__State = __id__Store): void {
  kernel.session.on('logout', () => {
    Object.assign(store, { entries: [], status: 'idle', error: '' });
  });
}
