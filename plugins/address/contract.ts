/**
 * The address plugin's calls: a shopper's own delivery addresses. Every call needs a login and
 * acts only on the token's user; an id naming someone else's address is refused as not found.
 * Area codes come from `/api/goods/areaTree`; the server stores the names the tree gives them.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { empty, id, phone } from '@kernel/core/schemas';
import { AREA_CODE, isContactName, isStreet } from './rules';

export interface Address {
  id: number;
  /** The contact who receives the parcel. */
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  province_code: string;
  city_code: string;
  district_code: string;
  /** Street, building, room. */
  detail: string;
  /** Province to street on one line, as labels and orders print it. */
  full_address: string;
  is_default: 0 | 1;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
}

const contactName = () =>
  z.string().check(z.trim(), z.refine(isContactName, { error: 'address:validation.name' }));
const street = () => z.string().check(z.trim(), z.refine(isStreet, { error: 'address:validation.detail' }));
const areaCode = () => z.string().check(z.trim(), z.regex(AREA_CODE, { error: 'address:validation.area' }));
/** 1/0 as the wire usually writes flags; true/false accepted too. */
const flag = () =>
  z.pipe(
    z._default(z.union([z.literal(0), z.literal(1), z.boolean()]), 0),
    z.transform((value): 0 | 1 => (value === true || value === 1 ? 1 : 0)),
  );

const byId = () => z.object({ id: id() });

export const addressContract = {
  list: defineCall({
    path: '/api/address/list',
    auth: 'required',
    payload: empty(),
    reply: shape<Address[]>(),
    summary: "The shopper's addresses: the default first, then the newest",
  }),
  detail: defineCall({
    path: '/api/address/detail',
    auth: 'required',
    payload: byId(),
    reply: shape<Address>(),
    summary: "One of the shopper's own addresses",
  }),
  save: defineCall({
    path: '/api/address/save',
    auth: 'required',
    payload: z.object({
      /** Present: update that address (the shopper's own); absent: add one. */
      id: z.optional(id()),
      name: contactName(),
      mobile: phone(),
      province_code: areaCode(),
      city_code: areaCode(),
      district_code: areaCode(),
      detail: street(),
      is_default: flag(),
    }),
    reply: shape<Address>(),
    summary: 'Adds or updates an address; the first one, or one sent with is_default 1, becomes the default',
  }),
  remove: defineCall({
    path: '/api/address/delete',
    auth: 'required',
    payload: byId(),
    reply: shape<Address[]>(),
    summary: 'Deletes an address; deleting the default makes the newest remaining one the default. Replies with the list',
  }),
  setDefault: defineCall({
    path: '/api/address/setDefault',
    auth: 'required',
    payload: byId(),
    reply: shape<Address[]>(),
    summary: 'Makes an address the default (and no other). Replies with the list',
  }),
} as const;

export type SaveAddress = z.input<typeof addressContract.save.payload>;
