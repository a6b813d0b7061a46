/**
 * The category tree, loaded once in the plugin's boot hook (in parallel with /api/index/index)
 * and read by the category page and the home page's category grid.
 */
import { proxy } from 'valtio';
import type { Http } from '@kernel/client/kernel';
import { goodsContract, type CategoryNode } from './contract';

export interface CatalogueState {
  tree: CategoryNode[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The reply's message when loading failed, already in the shopper's language. */
  error: string;
}

export const catalogueStore = proxy<CatalogueState>({ tree: [], status: 'idle', error: '' });

const running = new WeakMap<CatalogueState, Promise<void>>();

/** Loads the tree unless it is loaded or loading; `force` loads again (a retry). Never rejects. */
export function loadCategories(http: Http, store: CatalogueState = catalogueStore, force = false): Promise<void> {
  const current = running.get(store);
  if (current) return current;
  if (store.status === 'ready' && !force) return Promise.resolve();
  store.status = 'loading';
  store.error = '';
  const request = http
    .data(goodsContract.categoryTree, {}, { toastError: false })
    .then((tree) => {
      store.tree = tree;
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

/** Works on the store and on its read-only snapshot alike. */
export function findCategory<T extends { id: number; children: readonly T[] }>(tree: readonly T[], id: number): T | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findCategory(node.children, id);
    if (found) return found;
  }
  return undefined;
}
