/** The verification-code row: six digits and the "get code" button with its countdown. */
import { Field, type FieldProps } from '@kernel/client/ui';
import { SendCodeButton } from './SendCodeButton';

export interface CodeFieldProps extends Omit<FieldProps, 'extra'> {
  send: () => Promise<boolean>;
}

export function CodeField({ send, ...field }: CodeFieldProps) {
  return <Field inputMode="numeric" maxLength={6} autoComplete="one-time-code" extra={<SendCodeButton send={send} />} {...field} />;
}
