/** The order plugin's browser code: the member centre's order counts, and "buy now" on the goods detail. */
import { badge, defineClient } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import { goodsActions } from '@plugins/goods/public-client';
import { BuyNow } from './components/BuyNow';
import { followCounts, orderCountStore, refreshOrderCounts } from './count-store';

const count = (state: 'unpaid' | 'toship' | 'shipping' | 'received') => badge(orderCountStore, (counts) => counts[state], refreshOrderCounts);

export default defineClient({
  badges: { unpaid: count('unpaid'), toship: count('toship'), shipping: count('shipping'), received: count('received') },
  stores: { counts: orderCountStore },
  contributes: contribute(goodsActions, { id: 'order.buy', order: 20, component: BuyNow }),
  setup: (kernel) => followCounts(kernel),
});
