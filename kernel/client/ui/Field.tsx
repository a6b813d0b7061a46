/** A form row: label, input, optional extra (e.g. a "send code" button) and the error text. */
import { forwardRef, useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import './field.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label?: ReactNode;
  /** Already translated; shown under the input and announced to screen readers. */
  error?: string | null;
  /** Right-hand content inside the row. */
  extra?: ReactNode;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
}

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, extra, onChange, className = '', id, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={`sf-field${error ? ' sf-field--error' : ''} ${className}`}>
      <div className="sf-field__row">
        {label !== undefined && (
          <label className="sf-field__label" htmlFor={inputId}>
            {label}
          </label>
        )}
        <input
          ref={ref}
          id={inputId}
          className="sf-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange?.(event.target.value, event)}
          {...input}
        />
        {extra}
      </div>
      {error && (
        <p id={errorId} className="sf-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
