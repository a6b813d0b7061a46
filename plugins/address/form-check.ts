/**
 * The address form's check before sending: the rules the server applies (./rules.ts), every
 * problem at once (one per field, in page order), so the shopper can fix them all in one go.
 */
import type { FieldProblem } from '@kernel/client/form';
import { isContactName, isMobile, isStreet } from './rules';

/** A type, not an interface: useForm wants a string record. */
export type AddressFormValues = {
  name: string;
  mobile: string;
  /** The picked area as the shopper reads it ("广东省 深圳市 南山区"); empty until picked. */
  area: string;
  province_code: string;
  city_code: string;
  district_code: string;
  detail: string;
  /** '1' or '0': form values are strings. */
  is_default: string;
};

const problem = (field: string, key: string): FieldProblem => ({ field, key });

export function addressProblems(values: AddressFormValues): FieldProblem[] {
  return [
    !isContactName(values.name) && problem('name', 'address:validation.name'),
    !isMobile(values.mobile) && problem('mobile', 'kernel:validation.phone'),
    !values.district_code && problem('area', 'address:validation.area'),
    !isStreet(values.detail) && problem('detail', 'address:validation.detail'),
  ].filter((p): p is FieldProblem => p !== false);
}
