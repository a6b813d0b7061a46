/** The form's "default address" row: a switch (a checkbox with the switch role), with an optional note. */
import { useId } from 'react';

export interface DefaultSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Shown under the row, e.g. why the switch cannot be turned off. */
  note?: string;
  disabled?: boolean;
}

export function DefaultSwitch({ label, checked, onChange, note, disabled }: DefaultSwitchProps) {
  const id = useId();
  return (
    <div className="sf-field address-switch">
      <div className="sf-field__row">
        <label className="address-switch__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="address-switch__input"
          checked={checked}
          disabled={disabled}
          aria-describedby={note ? `${id}-note` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
      </div>
      {note && (
        <p id={`${id}-note`} className="address-switch__note">
          {note}
        </p>
      )}
    </div>
  );
}
