/**
 * Changes to the cart: add, set a quantity, select, delete. Each answers the whole cart, which
 * replaces the store's; they are sent one at a time, so replies cannot arrive out of order.
 */
import type { Kernel } from '@kernel/client/kernel';
import type { CartView } from './contract';
import { withQuantity } from './selection';
import { apply, cartCalls, cartStore, loadCart, type CartState } from './store';

/** Changes in flight per store: each waits for the one before. */
const queues = new WeakMap<CartState, Promise<unknown>>();

/**
 * Sends one change and applies the cart it answers. A refusal is toasted by the kernel and
 * rejects; the cart is then reloaded, so what the page shows is what the server holds.
 */
function change(kernel: Kernel, store: CartState, send: (c: Awaited<ReturnType<typeof cartCalls>>) => Promise<CartView>): Promise<CartView> {
  const previous = queues.get(store) ?? Promise.resolve();
  const run = previous.then(async () => send(await cartCalls()));
  queues.set(store, run.catch(() => undefined));
  return run.then(
    (view) => {
      apply(kernel, store, view);
      store.status = 'ready';
      return view;
    },
    (error: unknown) => {
      void loadCart(kernel, store, true);
      throw error;
    },
  );
}

export interface AddInput {
  goodsId: number;
  skuId: number;
  quantity: number;
}

export function addToCart(kernel: Kernel, input: AddInput, store: CartState = cartStore): Promise<CartView> {
  return change(kernel, store, (c) => kernel.http.data(c.add, { goods_id: input.goodsId, sku_id: input.skuId, num: input.quantity }));
}

/** Shows the new quantity (and line total) at once; the reply confirms it. */
export function setQuantity(kernel: Kernel, lineId: number, quantity: number, store: CartState = cartStore): Promise<CartView> {
  const line = store.lines.find((l) => l.id === lineId);
  if (line) {
    const next = withQuantity(line, quantity);
    store.count += next.sale_num - line.sale_num;
    Object.assign(line, next);
  }
  return change(kernel, store, (c) => kernel.http.data(c.setNum, { id: lineId, num: quantity }));
}

/** Selects or unselects lines for checkout; `'all'` means the whole cart. */
export function selectLines(kernel: Kernel, ids: number[] | 'all', selected: boolean, store: CartState = cartStore): Promise<CartView> {
  const payload = ids === 'all' ? { all: true, selected } : { ids, selected };
  return change(kernel, store, (c) => kernel.http.data(c.select, payload));
}

export function deleteLines(kernel: Kernel, ids: number[], store: CartState = cartStore): Promise<CartView> {
  return change(kernel, store, (c) => kernel.http.data(c.delete, { ids }));
}

