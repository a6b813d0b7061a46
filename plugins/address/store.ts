/**
 * The shopper's addresses in the browser: the list (default first, then the newest), the one
 * chosen for checkout (`chosenId`, set in select mode), and the area tree the form's picker
 * walks. The manifest imports this store, so the contracts (and zod) load only when a call is made.
 */
import { proxy, ref } from 'valtio';
import type { CallOptions, Http, Kernel } from '@kernel/client/kernel';
import { loadOnce, type LoadState } from '@kernel/client/load-once';
import { areaTree, type AreaNode } from '@plugins/goods/public-client';
import type { Address, SaveAddress } from './contract';

export interface AddressState extends LoadState {
  list: Address[];
  /** The address the shopper picked for checkout; null until they pick one (checkout then uses the default). */
  chosenId: number | null;
}

export interface AreaState extends LoadState {
  /** Kept as a plain object (`ref`): thousands of nodes that never change need no proxy. */
  tree: readonly AreaNode[];
}

export const addressStore = proxy<AddressState>({ list: [], status: 'idle', error: '', chosenId: null });
export const areaStore = proxy<AreaState>({ tree: [], status: 'idle', error: '' });

const calls = () => import('./contract').then((module) => module.addressContract);

/** The server's order: the default first, then the newest. */
export function ordered(list: readonly Address[]): Address[] {
  return [...list].sort((a, b) => b.is_default - a.is_default || b.created_at - a.created_at || b.id - a.id);
}

/** Loads unless loaded or loading; `force` loads again (a new visit, a retry). Never rejects. */
export function loadAddresses(http: Http, store: AddressState = addressStore, force = false): Promise<void> {
  const fetch = async () => http.data((await calls()).list, {}, { toastError: false });
  return loadOnce(store, fetch, (s, list) => {
    s.list = list;
  }, force);
}

/**
 * Adds or updates an address and puts it in the list (a new default clears the old one, as on
 * the server). A refusal rejects (and is toasted by the kernel unless `options` say not to: the
 * form shows a refusal of its fields beside them).
 */
export async function saveAddress(http: Http, payload: SaveAddress, store: AddressState = addressStore, options?: CallOptions): Promise<Address> {
  const saved = await http.data((await calls()).save, payload, options);
  const others = store.list.filter((a) => a.id !== saved.id).map((a) => (saved.is_default ? { ...a, is_default: 0 as const } : a));
  store.list = ordered([saved, ...others]);
  return saved;
}

/** Deletes an address; the reply is the new list (the default may have moved). Forgets it as the chosen one. */
export async function removeAddress(http: Http, id: number, store: AddressState = addressStore): Promise<void> {
  store.list = await http.data((await calls()).remove, { id });
  if (store.chosenId === id) store.chosenId = null;
}

export async function setDefaultAddress(http: Http, id: number, store: AddressState = addressStore): Promise<void> {
  store.list = await http.data((await calls()).setDefault, { id });
}

/** Select mode: the address checkout ships to. */
export function chooseAddress(id: number | null, store: AddressState = addressStore): void {
  store.chosenId = id;
}

/** The area tree from the goods plugin's `/api/goods/areaTree`, fetched once a session. Never rejects. */
export function loadAreaTree(http: Http, store: AreaState = areaStore, force = false): Promise<void> {
  const fetch = () => areaTree(http);
  return loadOnce(store, fetch, (s, tree) => {
    s.tree = ref(tree);
  }, force);
}

/** The manifest's setup hook: whoever logs in next on this browser never sees the last shopper's addresses. */
export function forgetOnLogout(kernel: Kernel, store: AddressState = addressStore): void {
  kernel.session.on('logout', () => {
    Object.assign(store, { list: [], status: 'idle', error: '', chosenId: null });
  });
}
