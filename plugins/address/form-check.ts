/**
 * The address form's check before sending: the rules the server applies (./rules.ts), in the
 * order the fields appear, so the shopper sees one problem at a time under its field.
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

export function addressProblem(values: AddressFormValues): FieldProblem | null {
  if (!isContactName(values.name)) return problem('name', 'address:validation.name');
  if (!isMobile(values.mobile)) return problem('mobile', 'kernel:validation.phone');
  if (!values.district_code) return problem('area', 'address:validation.area');
  if (!isStreet(values.detail)) return problem('detail', 'address:validation.detail');
  return null;
}
