/**
 * The category tree, read by the category page and the home page's category grid. It comes
 * with index.html (the server plugin's `firstScreen`, with the home page's recommended goods);
 * without it the boot hook loads it in parallel with /api/index/index. The manifest imports this
 * store, so the contract (and zod) is loaded only when the tree is actually fetched.
 */
import { proxy } from 'valtio';
import type { Http, Kernel, Language } from '@kernel/client/kernel';
import { followLanguage, loadOnce, type LoadOptions, type LoadState } from '@kernel/client/load-once';
import type { CategoryNode, GoodsPage } from './contract';

export interface CatalogueState extends LoadState {
  tree: CategoryNode[];
}

export const catalogueStore = proxy<CatalogueState>({ tree: [], status: 'idle', error: '' });

/**
 * Loads the tree unless it is loaded or loading; `force` loads again (a retry), and a `language`
 * other than the tree's loads it in that one. Never rejects.
 */
export function loadCategories(http: Http, store: CatalogueState = catalogueStore, options: boolean | LoadOptions = false): Promise<void> {
  const fetch = () => import('./contract').then(({ goodsContract }) => http.data(goodsContract.categoryTree, {}, { toastError: false }));
  return loadOnce(store, fetch, (s, value) => {
    s.tree = value;
  }, options);
}

/** The recommended goods' first page that came with index.html (and its language), until the home section takes it. */
const recommendSeeds = new WeakMap<Kernel, { page: GoodsPage; language: Language }>();

/**
 * The boot hook: the tree index.html brought (and the home page's recommended goods), else a
 * fetch; then the tree follows the shopper's language (its names are in it).
 */
export function bootCatalogue(kernel: Kernel, store: CatalogueState = catalogueStore): Promise<void> {
  followLanguage(kernel.locale, store, (language) => loadCategories(kernel.http, store, { force: true, language }));
  const language = kernel.locale.language();
  const seeded = kernel.bootstrapData('goods');
  if (!seeded) return loadCategories(kernel.http, store, { language });
  Object.assign(store, { tree: seeded.categories, status: 'ready', error: '', language });
  recommendSeeds.set(kernel, { page: seeded.recommend, language });
  return Promise.resolve();
}

/**
 * The recommended goods' first page from index.html, until `forgetRecommendSeed` (then the
 * section fetches); none once the shopper has switched to another language.
 */
export function recommendSeed(kernel: Kernel): GoodsPage | null {
  const seed = recommendSeeds.get(kernel);
  return seed && seed.language === kernel.locale.language() ? seed.page : null;
}

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
