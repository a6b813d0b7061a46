/**
 * The shopper's cart in the browser: loaded at boot when logged in, again on login, forgotten on
 * logout; the kernel's session keeps `cartNum` and `cartList` too (spec §3). The manifest imports
 * this store (the tab's badge reads it), so it stays small: the contract (and zod) loads only when
 * a call is made, and the changes live in ./store-changes.ts, loaded with the page or the add button.
 */
import { proxy } from 'valtio';
import type { Kernel } from '@kernel/client/kernel';
import { followLanguage, loadOnce, type LoadOptions, type LoadState } from '@kernel/client/load-once';
import type { CartLine, CartView } from './contract';

export interface CartState extends LoadState {
  /** Sum of the quantities (the tab-bar badge). */
  count: number;
  lines: CartLine[];
}

export const emptyCart = (): CartState => ({ count: 0, lines: [], status: 'idle', error: '' });
export const cartStore = proxy<CartState>(emptyCart());

export const cartCalls = () => import('./contract').then((module) => module.cartContract);

/** Takes the cart a call answered. */
export function apply(kernel: Kernel, store: CartState, view: CartView): void {
  store.count = view.cartNum;
  store.lines = view.cartList;
  // A copy: the session persists its own, and the page's quick quantity changes stay out of it.
  kernel.session.update({ cartNum: view.cartNum, cartList: view.cartList.map((line) => ({ ...line })) });
}

/**
 * Loads unless loaded or loading; `force` loads again (a visit to the cart, a retry), and so does
 * a `language` other than the lines' (their names are in it). Never rejects.
 */
export function loadCart(kernel: Kernel, store: CartState = cartStore, options: boolean | LoadOptions = false): Promise<void> {
  const user = kernel.session.state.user;
  if (!user) return Promise.resolve();
  const fetch = async () => (await kernel.http.data((await cartCalls()).reload, { user_id: user.id }, { toastError: false })).userInfo;
  // A reply that comes back after the shopper logged out (or someone else logged in) is dropped.
  return loadOnce(store, fetch, (s, view) => {
    if (kernel.session.state.user?.id === user.id) apply(kernel, s, view);
  }, options);
}

/** The boot hook: the cart of a logged-in shopper (spec §1), shown on the badge at once from the stored user. */
export function bootCart(kernel: Kernel, store: CartState = cartStore): Promise<void> {
  const user = kernel.session.state.user;
  if (!kernel.session.state.loggedIn || !user) return Promise.resolve();
  if (store.status === 'idle' && Number.isInteger(user.cartNum)) store.count = user.cartNum;
  return loadCart(kernel, store);
}

/**
 * The setup hook: a login loads the shopper's cart; a logout forgets it; a language switch loads
 * its lines' names in the new language. (An order placed from its lines reloads it through the order's `order.afterPlace` point.)
 */
export function followSession(kernel: Kernel, store: CartState = cartStore): void {
  followLanguage(kernel.locale, store, (language) => loadCart(kernel, store, { force: true, language }));
  kernel.session.on('login', () => void loadCart(kernel, store, true));
  kernel.session.on('logout', () => Object.assign(store, emptyCart()));
}
