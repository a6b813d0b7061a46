/**
 * The shopper's article entries, newest first: loaded when the page opens, extended by `addEntry`,
 * forgotten on logout. The manifest imports this store, so the contract (and zod) loads only
 * when a call is made.
 */
import { proxy } from 'valtio';
import type { Http, Kernel } from '@kernel/client/kernel';
import { loadOnce, type LoadState } from '@kernel/client/load-once';
import type { ArticleEntry } from './contract';

export interface ArticleState extends LoadState {
  entries: ArticleEntry[];
}

export const articleStore = proxy<ArticleState>({ entries: [], status: 'idle', error: '' });

const calls = () => import('./contract').then((module) => module.articleContract);

/** Loads unless loaded or loading; `force` loads again (a new visit, a retry). Never rejects. */
export function loadEntries(http: Http, store: ArticleState = articleStore, force = false): Promise<void> {
  const fetch = async () => http.data((await calls()).list, {}, { toastError: false });
  return loadOnce(store, fetch, (s, entries) => {
    s.entries = entries;
  }, force);
}

/** Adds an entry at the top. A refusal (a duplicate, a full list) is toasted by the kernel and rejects. */
export async function addEntry(http: Http, title: string, store: ArticleState = articleStore): Promise<ArticleEntry> {
  const entry = await http.data((await calls()).add, { title });
  store.entries = [entry, ...store.entries];
  return entry;
}

/** The manifest's setup hook: whoever logs in next on this browser never sees the last shopper's list. */
export function forgetOnLogout(kernel: Kernel, store: ArticleState = articleStore): void {
  kernel.session.on('logout', () => {
    Object.assign(store, { entries: [], status: 'idle', error: '' });
  });
}
