/**
 * The home page's banners and notices. They come with index.html (the server plugin's
 * `firstScreen`), so the home page paints without a round trip; without them the boot hook
 * fetches them alongside /api/index/index. The manifest imports this store, so the contract
 * (and zod) is loaded only when fetching.
 */
import { proxy } from 'valtio';
import type { Http, Kernel } from '@kernel/client/kernel';
import type { HomeContent } from './contract';

export interface HomeState {
  content: HomeContent | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The reply's message when loading failed, already in the shopper's language. */
  error: string;
}

export const homeStore = proxy<HomeState>({ content: null, status: 'idle', error: '' });

const running = new WeakMap<HomeState, Promise<void>>();

/** Loads unless loaded or loading; `force` loads again (a retry). Never rejects. */
export function loadHome(http: Http, store: HomeState = homeStore, force = false): Promise<void> {
  const current = running.get(store);
  if (current) return current;
  if (store.status === 'ready' && !force) return Promise.resolve();
  store.status = 'loading';
  store.error = '';
  const request = import('./contract')
    .then(({ homeContract }) => http.data(homeContract.index, {}, { toastError: false }))
    .then((content) => {
      store.content = content;
      store.status = 'ready';
    })
    .catch((error: unknown) => {
      store.status = 'error';
      store.error = error instanceof Error ? error.message : String(error);
    })
    .finally(() => running.delete(store));
  running.set(store, request);
  return request;
}

/** The boot hook: the content index.html brought, else a fetch. */
export function bootHome(kernel: Kernel, store: HomeState = homeStore): Promise<void> {
  const seeded = kernel.bootstrapData('home');
  if (!seeded) return loadHome(kernel.http, store);
  Object.assign(store, { content: seeded, status: 'ready', error: '' });
  return Promise.resolve();
}
