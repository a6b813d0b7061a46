/** A form row: label, input, optional extra (e.g. a "send code" button) and the error text. */
import { forwardRef, useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import './field.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label?: ReactNode;
  /** Already translated; shown under the input and announced to screen readers. */
  error?: string | null;
  /** Already translated: the field's rule, shown under the input until an error takes its place. */
  hint?: string | null;
  /** Right-hand content inside the row. */
  extra?: ReactNode;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
}

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, extra, onChange, className = '', id, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
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
          aria-describedby={describedBy}
          onChange={(event) => onChange?.(event.target.value, event)}
          {...input}
        />
        {extra}
      </div>
      {error ? (
        <p id={errorId} className="sf-field__error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="sf-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
});
