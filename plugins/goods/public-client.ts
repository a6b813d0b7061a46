/**
 * What other plugins may use of the goods plugin in the browser (with `contract.ts` and
 * `plugin.ts`, the only files they may import): the `goods.actions` extension point of the goods
 * detail's bottom bar, the rule that says why a choice cannot be bought yet, and the area tree.
 */
import type { Http } from '@kernel/client/kernel';
import type { AreaNode } from './contract';

export { choiceProblem, goodsActions, type GoodsAction, type GoodsActionProps } from './actions';
export type { AreaNode } from './contract';

/** The province → city → district tree (`/api/goods/areaTree`); the contract (and zod) load with the first call. */
export const areaTree = (http: Http): Promise<AreaNode[]> =>
  import('./contract').then(({ goodsContract }) => http.data(goodsContract.areaTree, {}, { toastError: false }));
