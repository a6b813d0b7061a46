/**
 * The links an agent shares: a goods detail or their whole list, each carrying their code
 * (`?agent=<invite code>`), and the full link of an app path on the page's own origin (the app
 * routes by hash, as the invite link does).
 */
import { buildPath } from '@kernel/client/url';
import { AGENT_GOODS_PATH } from './paths';

// The goods plugin's routes (its `pages/paths.ts`, not on its public surface: exporting them from
// its public-client.ts pulled other plugins' code into the home route's chunks), written once here.
const DETAIL_PATH = '/goods/detail/detail';
/** Where a shopper finds goods to promote: the catalogue. */
export const CATALOGUE_PATH = '/pages/category/category';

/** The goods detail; with a code, the agent's link that notes the visit for them. */
export const goodsPath = (goodsId: number, agent?: string): string => buildPath(DETAIL_PATH, agent ? { id: goodsId, agent } : { id: goodsId });

/** The agent's public list. */
export const agentListPath = (agent: string): string => buildPath(AGENT_GOODS_PATH, { agent });

/** `https://shop.test/#/goods/detail/detail?id=7&agent=AB12CD` for the page at `pageUrl`. */
export const shareLink = (pageUrl: string, path: string): string => `${new URL(pageUrl).origin}/#${path}`;
