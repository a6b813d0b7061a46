/**
 * The cart plugin's calls. `/api/user/reloadUserCart` is the spec's (§7: `data.userInfo` has
 * `cartNum` and `cartList`); the others follow its style and answer the updated cart, so the
 * page changes with one round trip. Every call acts on the token's shopper only.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { id, quantity } from '@kernel/core/schemas';
import { MAX_IDS, MAX_QUANTITY } from './limits';

export { MAX_IDS, MAX_QUANTITY };

/** A cart line on the wire: the spec's cart item (§3) plus what the cart page shows. */
export interface CartLine {
  id: number;
  goods_id: number;
  sku_id: number;
  /** '' when the goods is gone. */
  name: string;
  /** The SKU's picture, else the goods' own. */
  image: string;
  /** The SKU's spec values in the goods' spec order, e.g. "黑 / 128G"; '' without specs. */
  spec: string;
  /** Quantity. */
  sale_num: number;
  /** The SKU's price now, yuan. */
  sale_price: string;
  /** sale_price × sale_num, yuan with two decimals. */
  total: string;
  /** The SKU's stock now. */
  stock: number;
  /** Chosen for checkout; always false on a line that is not `valid`. */
  selected: boolean;
  /** The goods exists and is on sale, and the SKU still belongs to it. */
  on_sale: boolean;
  /** Can be bought: on sale with stock left (the quantity may still exceed the stock). */
  valid: boolean;
}

/** The whole cart: `userInfo` of reloadUserCart, and the reply of every change. */
export interface CartView {
  /** Sum of the quantities of every line (spec §4). */
  cartNum: number;
  /** Newest line first. */
  cartList: CartLine[];
}

const lineIds = () =>
  z.array(id()).check(z.minLength(1, { error: 'cart:validation.ids' }), z.maxLength(MAX_IDS, { error: 'cart:validation.ids_max' }));
const flag = () => z.union([z.boolean(), z.literal(0), z.literal(1)]);

export const cartContract = {
  reload: defineCall({
    path: '/api/user/reloadUserCart',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ user_id: z.optional(id()) }),
    reply: shape<{ userInfo: CartView }>(),
    summary: "The shopper's cart: cartNum (sum of quantities) and cartList, priced now",
  }),
  add: defineCall({
    path: '/api/cart/add',
    auth: 'required',
    payload: z.object({ goods_id: id(), sku_id: id(), num: quantity(MAX_QUANTITY) }),
    reply: shape<CartView>(),
    summary: 'Adds a SKU to the cart (merged into its line); the line may not exceed the stock',
  }),
  setNum: defineCall({
    path: '/api/cart/setNum',
    auth: 'required',
    payload: z.object({ id: id(), num: quantity(MAX_QUANTITY) }),
    reply: shape<CartView>(),
    summary: "Sets the quantity of one of the shopper's lines, within the stock",
  }),
  select: defineCall({
    path: '/api/cart/select',
    auth: 'required',
    payload: z.object({
      /** The lines to (un)select; ignored with `all`. Ids that are not the shopper's lines change nothing. */
      ids: z._default(z.array(id()).check(z.maxLength(MAX_IDS, { error: 'cart:validation.ids_max' })), []),
      /** Every line of the cart. */
      all: z._default(flag(), false),
      selected: flag(),
    }),
    reply: shape<CartView>(),
    summary: 'Selects or unselects lines for checkout (`all` for the whole cart)',
  }),
  delete: defineCall({
    path: '/api/cart/delete',
    auth: 'required',
    payload: z.object({ ids: lineIds() }),
    reply: shape<CartView>(),
    summary: "Removes lines from the shopper's cart; ids that are not theirs change nothing",
  }),
} as const;
