/**
 * The address plugin's rules and storage. A shopper sees and changes only their own addresses
 * (every query says `user_id = me`, so someone else's id reads as "not found"). A shopper with
 * any address has exactly one default: the first address becomes it, choosing another clears
 * the old one in the same transaction, and deleting it hands it to the newest remaining address.
 */
import type { Selectable } from 'kysely';
import { BizError } from '@kernel/core/errors';
import { unixSeconds } from '@kernel/server/clock';
import type { Db } from '@kernel/server/plugin';
import { resolveArea, type AreaCodes } from './area-chain';
import { areaTree } from '@plugins/goods/public';
import type { Address } from './contract';
import { fullAddress } from './rules';
import type { AddressAddressTable } from './tables';

type Row = Selectable<AddressAddressTable>;

export interface AddressInput extends AreaCodes {
  /** Present: update this address; absent: add one. */
  id?: number;
  name: string;
  mobile: string;
  detail: string;
  is_default: 0 | 1;
}

export interface SaveRequest {
  userId: number;
  input: AddressInput;
  /** The most addresses a shopper may keep (the site's `maxAddresses` setting). */
  max: number;
  /** Milliseconds, from the kernel's clock. */
  now: number;
}

// PostgreSQL answers bigint columns as strings.
export function toAddress(row: Row): Address {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    province: row.province,
    city: row.city,
    district: row.district,
    province_code: row.province_code,
    city_code: row.city_code,
    district_code: row.district_code,
    detail: row.detail,
    full_address: fullAddress(row),
    is_default: row.is_default === 1 ? 1 : 0,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

const notFound = () => new BizError('address:message.not_found');

/** One of the shopper's own rows, or undefined (someone else's is as good as missing). */
export function ownRow(db: Db, userId: number, id: number): Promise<Row | undefined> {
  return db.selectFrom('address_address').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The default first, then the newest. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .selectFrom('address_address')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAddress);
}

export async function addressDetail(db: Db, userId: number, id: number): Promise<Address> {
  const row = await ownRow(db, userId, id);
  if (!row) throw notFound();
  return toAddress(row);
}

/** Clears the shopper's default, except on `keep`: the first half of moving it. */
async function clearDefault(db: Db, userId: number, keep?: number): Promise<void> {
  let query = db.updateTable('address_address').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}

/**
 * Adds or updates an address. The area codes must name a real province → city → district chain;
 * the names stored are the tree's. A current default stays the default even when sent with
 * is_default 0: the default only moves by choosing another, so the shopper is never left without one.
 */
export async function saveAddress(db: Db, request: SaveRequest): Promise<Address> {
  const { userId, input, max } = request;
  const area = resolveArea(await areaTree(), input);
  if (!area) throw new BizError('address:message.area_invalid', {}, { field: 'district_code' });
  const now = unixSeconds(request.now);
  const fields = {
    name: input.name,
    mobile: input.mobile,
    ...area,
    province_code: input.province_code,
    city_code: input.city_code,
    district_code: input.district_code,
    detail: input.detail,
    updated_at: now,
  };

  return db.transaction().execute(async (tx) => {
    if (input.id !== undefined) {
      const existing = await ownRow(tx, userId, input.id);
      if (!existing) throw notFound();
      const isDefault = input.is_default === 1 || existing.is_default === 1 ? 1 : 0;
      if (isDefault) await clearDefault(tx, userId, existing.id);
      const row = await tx
        .updateTable('address_address')
        .set({ ...fields, is_default: isDefault })
        .where('id', '=', existing.id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAddress(row);
    }

    const { count } = await tx
      .selectFrom('address_address')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) throw new BizError('address:message.full', { max });
    const isDefault = input.is_default === 1 || Number(count) === 0 ? 1 : 0;
    if (isDefault) await clearDefault(tx, userId);
    const row = await tx
      .insertInto('address_address')
      .values({ ...fields, user_id: userId, is_default: isDefault, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}

/** Makes one of the shopper's addresses the default and no other; answers the list. */
export async function setDefaultAddress(db: Db, userId: number, id: number): Promise<Address[]> {
  return db.transaction().execute(async (tx) => {
    if (!(await ownRow(tx, userId, id))) throw notFound();
    await clearDefault(tx, userId, id);
    await tx.updateTable('address_address').set({ is_default: 1 }).where('id', '=', id).where('user_id', '=', userId).execute();
    return listAddresses(tx, userId);
  });
}

/** Deletes one of the shopper's addresses; when it was the default, the newest remaining one takes over. */
export async function removeAddress(db: Db, userId: number, id: number): Promise<Address[]> {
  return db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom('address_address')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(['is_default'])
      .executeTakeFirst();
    if (!removed) throw notFound();
    if (removed.is_default === 1) {
      const newest = await tx
        .selectFrom('address_address')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (newest) await tx.updateTable('address_address').set({ is_default: 1 }).where('id', '=', newest.id).execute();
    }
    return listAddresses(tx, userId);
  });
}
