/**
 * What other server plugins may use of the address plugin (the order plugin, at checkout).
 * Both take the caller's transaction, so the address read is part of the order it goes into,
 * and both answer only for the given shopper's own addresses.
 *
 *   const addressId = payload.address_id ?? (await defaultAddressId(tx, user.id));
 *   const address = addressId === null ? null : await addressForOrder(tx, user.id, addressId);
 *   if (!address) throw new BizError('order:message.address_required');   // "please add a shipping address first"
 *   // store the snapshot with the order: a later edit or delete of the address never changes it
 */
import type { Db, Tx } from '@kernel/server/plugin';
import { statement } from '@kernel/server/db-statement';
import { fullAddress } from './rules';
import type {} from './tables';

/** An address as an order keeps it: copied, not referenced. */
export interface OrderAddress {
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  /** Street, building, room. */
  detail: string;
  /** Province to street on one line: "广东省深圳市南山区 科技园路1号". */
  full_address: string;
}

/** A snapshot of the shopper's address `addressId`; null when it does not exist or is someone else's. */
export async function addressForOrder(tx: Db | Tx, userId: number, addressId: number): Promise<OrderAddress | null> {
  const [row] = (await ownAddress(tx, { userId, addressId })).rows;
  return row ? { ...row, full_address: fullAddress(row) } : null;
}

// Read on every order placed: compiled once.
const ownAddress = statement((db, a: { userId: number; addressId: number }) =>
  db.selectFrom('address_address').select(['name', 'mobile', 'province', 'city', 'district', 'detail']).where('id', '=', a.addressId).where('user_id', '=', a.userId),
);

/** The id of the shopper's default address; null when they have none (then they have no address at all). */
export async function defaultAddressId(tx: Db | Tx, userId: number): Promise<number | null> {
  const row = await tx
    .selectFrom('address_address')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return row?.id ?? null;
}
