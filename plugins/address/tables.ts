/** The address plugin's table, merged into the kernel's `Database`. Times are unix seconds. */
import type { Generated } from 'kysely';

export interface AddressAddressTable {
  id: Generated<number>;
  user_id: number;
  /** The contact's name. */
  name: string;
  mobile: string;
  /** Names and codes as `/api/goods/areaTree` gives them, kept together so a later tree edition changes no address. */
  province: string;
  province_code: string;
  city: string;
  city_code: string;
  district: string;
  district_code: string;
  /** Street, building, room. */
  detail: string;
  /** 1 on exactly one address of a shopper who has any. */
  is_default: number;
  created_at: number;
  updated_at: number;
}

declare module '@kernel/server/database' {
  interface Database {
    address_address: AddressAddressTable;
  }
}
