/**
 * The team plugin's browser code: "推广" in the goods detail's bottom bar (promote the goods, copy
 * their link with the shopper's code, and note the agent of a link the shopper followed). The
 * pages need nothing more.
 */
import { defineClient } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import { goodsActions } from '@plugins/goods/public-client';
import { PromoteAction } from './components/PromoteAction';

export default defineClient({
  contributes: contribute(goodsActions, { id: 'team.promote', order: 30, component: PromoteAction }),
});
