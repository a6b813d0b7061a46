/**
 * The add-card form's check before sending: the rules the server applies (../card-rules.ts), in
 * the order the fields appear, so the shopper sees one problem at a time under its field.
 */
import type { FieldProblem } from '@kernel/client/form';
import { isPhone } from '@kernel/core/validators';
import { isBankName, isCardNumber, isHolder } from '../card-rules';

/** A type, not an interface: useForm wants a string record. */
export type CardFormValues = {
  holder: string;
  /** As shown: grouped in fours. */
  card: string;
  bank: string;
  mobile: string;
};

export const emptyCard = (): CardFormValues => ({ holder: '', card: '', bank: '', mobile: '' });

const problem = (field: keyof CardFormValues, key: string): FieldProblem => ({ field, key });

export function cardProblem(values: CardFormValues): FieldProblem | null {
  if (!isHolder(values.holder)) return problem('holder', 'cash:validation.holder');
  if (!isCardNumber(values.card)) return problem('card', 'cash:validation.card');
  if (!isBankName(values.bank)) return problem('bank', 'cash:validation.bank');
  if (!isPhone(values.mobile.trim())) return problem('mobile', 'kernel:validation.phone');
  return null;
}
