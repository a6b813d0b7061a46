/**
 * The home page's banners and notices. They come with index.html (the server plugin's
 * `firstScreen`), so the home page paints without a round trip; without them the boot hook
 * fetches them alongside /api/index/index. The manifest imports this store, so the contract
 * (and zod) is loaded only when fetching.
 */
import { proxy } from 'valtio';
import type { Http, Kernel } from '@kernel/client/kernel';
import { followLanguage, loadOnce, type LoadOptions, type LoadState } from '@kernel/client/load-once';
import type { HomeContent } from './contract';

export interface HomeState extends LoadState {
  content: HomeContent | null;
}

export const homeStore = proxy<HomeState>({ content: null, status: 'idle', error: '' });

/** Loads unless loaded or loading; `force` loads again (a retry), and so does another `language`. Never rejects. */
export function loadHome(http: Http, store: HomeState = homeStore, options: boolean | LoadOptions = false): Promise<void> {
  const fetch = () => import('./contract').then(({ homeContract }) => http.data(homeContract.index, {}, { toastError: false }));
  return loadOnce(store, fetch, (s, value) => {
    s.content = value;
  }, options);
}

/** The boot hook: the content index.html brought, else a fetch; then it follows the shopper's language. */
export function bootHome(kernel: Kernel, store: HomeState = homeStore): Promise<void> {
  followLanguage(kernel.locale, store, (language) => loadHome(kernel.http, store, { force: true, language }));
  const language = kernel.locale.language();
  const seeded = kernel.bootstrapData('home');
  if (!seeded) return loadHome(kernel.http, store, { language });
  Object.assign(store, { content: seeded, status: 'ready', error: '', language });
  return Promise.resolve();
}
