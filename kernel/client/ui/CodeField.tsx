/** A verification-code row: up to six digits and the "get code" button with its countdown. */
import { forwardRef } from 'react';
import { Field, type FieldProps } from './Field';
import { SendCodeButton } from './SendCodeButton';

export interface CodeFieldProps extends Omit<FieldProps, 'extra'> {
  /** Sends the code; resolves true when it went out (see SendCodeButton). */
  send: () => Promise<boolean>;
  /** Seconds before the code may be sent again (default 60). */
  resendSeconds?: number;
}

export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField({ send, resendSeconds, ...field }, ref) {
  return (
    <Field
      ref={ref}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      extra={<SendCodeButton send={send} seconds={resendSeconds} />}
      {...field}
    />
  );
});
