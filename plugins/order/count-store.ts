/**
 * How many of the shopper's orders wait in each state: the badges of the member centre's order
 * entries. Fetched from `/api/order/count` whenever the entries show and after the shopper moves
 * an order; forgotten on logout. The manifest imports this store, so it stays small: the contract
 * (and zod) loads with the first call.
 */
import { proxy } from 'valtio';
import type { Kernel } from '@kernel/client/kernel';
import type { OrderCounts } from './contract';

export const emptyCounts = (): OrderCounts => ({ unpaid: 0, toship: 0, shipping: 0, received: 0 });
export const orderCountStore = proxy<OrderCounts>(emptyCounts());

/** Asks the server; a reply for a shopper who has left meanwhile is dropped. Rejects on failure (the badge keeps its value). */
export async function refreshOrderCounts(kernel: Kernel, store: OrderCounts = orderCountStore): Promise<void> {
  const user = kernel.session.state.user;
  if (!kernel.session.state.loggedIn || !user) return;
  const { orderContract } = await import('./contract');
  const counts = await kernel.http.data(orderContract.count, { user_id: user.id }, { toastError: false });
  if (kernel.session.state.user?.id === user.id) Object.assign(store, counts);
}

/** The setup hook: a logout empties the badges. */
export function followCounts(kernel: Kernel, store: OrderCounts = orderCountStore): void {
  kernel.session.on('logout', () => Object.assign(store, emptyCounts()));
}
