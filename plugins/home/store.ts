/**
 * The home page's banners and notices, fetched by the plugin's boot hook alongside
 * /api/index/index, so the first paint of the home page does not wait for one more round trip.
 */
import { proxy } from 'valtio';
import type { Http } from '@kernel/client/kernel';
import { homeContract, type HomeContent } from './contract';

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
  const request = http
    .data(homeContract.index, {}, { toastError: false })
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
