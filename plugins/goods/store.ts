/**
 * The category tree, read by the category page and the home page's category grid. It comes
 * with index.html (the server plugin's `firstScreen`, with the home page's recommended goods);
 * without it the boot hook loads it in parallel with /api/index/index. The manifest imports this
 * store, so the contract (and zod) is loaded only when the tree is actually fetched.
 */
import { proxy } from 'valtio';
import type { Http, Kernel } from '@kernel/client/kernel';
import { loadOnce, type LoadState } from '@kernel/client/load-once';
import type { CategoryNode, GoodsPage } from './contract';

export interface CatalogueState extends LoadState {
  tree: CategoryNode[];
}

export const catalogueStore = proxy<CatalogueState>({ tree: [], status: 'idle', error: '' });

/** Loads the tree unless it is loaded or loading; `force` loads again (a retry). Never rejects. */
export function loadCategories(http: Http, store: CatalogueState = catalogueStore, force = false): Promise<void> {
  const fetch = () => import('./contract').then(({ goodsContract }) => http.data(goodsContract.categoryTree, {}, { toastError: false }));
  return loadOnce(store, fetch, (s, value) => {
    s.tree = value;
  }, force);
}

/** The recommended goods' first page that came with index.html, until the home section takes it. */
const recommendSeeds = new WeakMap<Kernel, GoodsPage>();

/** The boot hook: the tree index.html brought (and the home page's recommended goods), else a fetch. */
export function bootCatalogue(kernel: Kernel, store: CatalogueState = catalogueStore): Promise<void> {
  const seeded = kernel.bootstrapData('goods');
  if (!seeded) return loadCategories(kernel.http, store);
  Object.assign(store, { tree: seeded.categories, status: 'ready', error: '' });
  recommendSeeds.set(kernel, seeded.recommend);
  return Promise.resolve();
}

/** The recommended goods' first page from index.html, until `forgetRecommendSeed` (then the section fetches). */
export const recommendSeed = (kernel: Kernel): GoodsPage | null => recommendSeeds.get(kernel) ?? null;

/**
 * Called once the section has shown the seed (in an effect, not while rendering: React may render
 * a component more than once before it commits), so a later visit loads fresh goods.
 */
export const forgetRecommendSeed = (kernel: Kernel): void => void recommendSeeds.delete(kernel);

/** Works on the store and on its read-only snapshot alike. */
export function findCategory<T extends { id: number; children: readonly T[] }>(tree: readonly T[], id: number): T | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findCategory(node.children, id);
    if (found) return found;
  }
  return undefined;
}
