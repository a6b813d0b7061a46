/**
 * The add-card form's check before sending: the rules the server applies (../card-rules.ts),
 * every problem at once (one per field, in page order), so the shopper can fix them all in one go.
 */
import type { FieldProblem } from '@kernel/client/form';
import { isPhone } from '@kernel/core/validators';
import { cardNumberProblem, isBankName, isHolder } from '../card-rules';

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

export function cardProblems(values: CardFormValues): FieldProblem[] {
  const card = cardNumberProblem(values.card);
  return [
    !isHolder(values.holder) && problem('holder', 'cash:validation.holder'),
    card !== null && problem('card', card),
    !isBankName(values.bank) && problem('bank', 'cash:validation.bank'),
    !isPhone(values.mobile.trim()) && problem('mobile', 'kernel:validation.phone'),
  ].filter((p): p is FieldProblem => p !== false);
}
