/**
 * A password row with a show/hide toggle. The kit's icon set has no eye yet, so the two glyphs
 * are drawn here (a candidate for kernel/client/ui/Icon).
 */
import { useState } from 'react';
import { useT } from '@kernel/client/hooks';
import { Field, type FieldProps } from '@kernel/client/ui';

const EYE = 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 1 0 0-6';
const EYE_OFF = 'M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.9 9.9 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2';

export function PasswordField(props: Omit<FieldProps, 'type' | 'extra'>) {
  const { t } = useT('auth');
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      extra={
        <button
          type="button"
          className="auth-eye"
          aria-label={t(visible ? 'password.hide' : 'password.show')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
            <path d={visible ? EYE : EYE_OFF} strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      }
    />
  );
}
