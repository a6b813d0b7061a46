/**
 * The form's area row: looks like a <Field>, but is a button that opens the area picker; shows
 * the picked area or the placeholder, and the field's problem under it.
 */
import { useId } from 'react';
import { Icon } from '@kernel/client/ui';

export interface AreaFieldProps {
  label: string;
  placeholder: string;
  value: string;
  error: string | null;
  onOpen: () => void;
}

export function AreaField({ label, placeholder, value, error, onOpen }: AreaFieldProps) {
  const id = useId();
  return (
    <div className={`sf-field${error ? ' sf-field--error' : ''}`}>
      <div className="sf-field__row">
        <span className="sf-field__label" id={`${id}-label`}>
          {label}
        </span>
        <button
          type="button"
          className="sf-field__input address-area-field"
          aria-labelledby={`${id}-label ${id}-value`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-haspopup="dialog"
          onClick={onOpen}
        >
          <span id={`${id}-value`} className={value ? '' : 'address-area-field__placeholder'}>
            {value || placeholder}
          </span>
        </button>
        <Icon name="arrow-right" className="sf-field__action" size={16} />
      </div>
      {error && (
        <p id={`${id}-error`} className="sf-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
