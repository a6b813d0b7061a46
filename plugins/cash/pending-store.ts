/**
 * The money the shopper's cash-outs hold until paid: "提现中 ¥x" on the balance page (the wallet
 * plugin's `wallet.held` slot, as this plugin's menu entry's badge). Fetched from `cashInfo`
 * whenever the balance page shows; forgotten on logout. The manifest imports this store, so it
 * stays small: the contract loads with the first call.
 */
import { proxy } from 'valtio';
import type { Kernel } from '@kernel/client/kernel';

export interface PendingState {
  /** Yuan held, '0.00' when nothing is. */
  pending: string;
}

export const pendingStore = proxy<PendingState>({ pending: '0.00' });

/** What the entry shows: the amount, or nothing when no cash-out is on its way. */
export const pendingBadge = (state: PendingState): string | null => (Number(state.pending) > 0 ? `¥${state.pending}` : null);

/** Asks the server; a reply for a shopper who has left meanwhile is dropped. Rejects on failure (the line keeps its value). */
export async function refreshPending(kernel: Kernel, store: PendingState = pendingStore): Promise<void> {
  const user = kernel.session.state.user;
  if (!kernel.session.state.loggedIn || !user) return;
  const { cashContract } = await import('./contract');
  const info = await kernel.http.data(cashContract.cashInfo, {}, { toastError: false });
  if (kernel.session.state.user?.id === user.id) store.pending = info.pending;
}

/** The setup hook: a logout forgets the amount. */
export function followPending(kernel: Kernel, store: PendingState = pendingStore): void {
  kernel.session.on('logout', () => Object.assign(store, { pending: '0.00' }));
}
