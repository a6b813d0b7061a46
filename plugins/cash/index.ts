/**
 * The cash plugin's browser code: the amount its cash-outs hold, shown on the balance page. Its
 * pages and strings are found by file name; its routes and menu entries are in the descriptor.
 */
import { badge, defineClient } from '@kernel/client/plugin';
import { followPending, pendingBadge, pendingStore, refreshPending } from './pending-store';

export default defineClient({
  badges: { pending: badge(pendingStore, pendingBadge, refreshPending) },
  stores: { pending: pendingStore },
  setup: (kernel) => followPending(kernel),
});
