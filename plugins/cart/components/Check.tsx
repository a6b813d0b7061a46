/** A round tick box (a checkbox for assistive technology), as shopping carts draw them. */
import { Icon } from '@kernel/client/ui';

export interface CheckProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Already translated: what is being selected. */
  label: string;
  disabled?: boolean;
}

export function Check({ checked, onChange, label, disabled }: CheckProps) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      className={`cart-check${checked ? ' cart-check--on' : ''}`}
      onClick={() => onChange(!checked)}
    >
      {checked && <Icon name="check" size={14} />}
    </button>
  );
}
