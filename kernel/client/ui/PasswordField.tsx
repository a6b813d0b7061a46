/** A password row with a show/hide toggle (the eye), so the shopper can check what was typed. */
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type FieldProps } from './Field';
import { IconButton } from './IconButton';

export type PasswordFieldProps = Omit<FieldProps, 'type' | 'extra'>;

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation('kernel');
  const [visible, setVisible] = useState(false);
  return (
    <Field
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      extra={
        <IconButton
          icon={visible ? 'eye' : 'eye-off'}
          label={t(visible ? 'ui.hide_password' : 'ui.show_password')}
          aria-pressed={visible}
          className="sf-field__action"
          onClick={() => setVisible((v) => !v)}
        />
      }
    />
  );
});
