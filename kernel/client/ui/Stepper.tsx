/**
 * A quantity stepper: minus, the number, plus; the value always stays within [min, max]. A typed
 * number out of range is moved to the bound, and `onClamp` lets the page say why (the stock).
 */
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import './stepper.css';

export interface StepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  /** Accessible name of the number field (already translated). */
  label?: string;
  /** A number out of [min, max] was asked for (`requested`) and `value` set to the bound (`limit`) instead. */
  onClamp?: (requested: number, limit: number) => void;
}

export const clampQuantity = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, Number.isFinite(value) ? Math.trunc(value) : min));

export function Stepper({ value, onChange, min = 1, max = Number.POSITIVE_INFINITY, step = 1, disabled, label, onClamp }: StepperProps) {
  const { t } = useTranslation('kernel');
  const set = (next: number, typed = '') => {
    const clamped = clampQuantity(next, min, max);
    if (clamped !== value) onChange(clamped);
    // An emptied field (while retyping) asks for nothing.
    if (typed !== '' && Number.isFinite(next) && (next > max || next < min)) onClamp?.(Math.trunc(next), clamped);
  };
  return (
    <span className={`sf-stepper${disabled ? ' sf-stepper--disabled' : ''}`}>
      <button type="button" aria-label={t('ui.decrease')} disabled={disabled || value <= min} onClick={() => set(value - step)}>
        <Icon name="minus" size={14} />
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={label ?? t('ui.quantity')}
        value={value}
        min={min}
        max={Number.isFinite(max) ? max : undefined}
        disabled={disabled}
        onChange={(event) => set(Number(event.target.value), event.target.value)}
      />
      <button type="button" aria-label={t('ui.increase')} disabled={disabled || value >= max} onClick={() => set(value + step)}>
        <Icon name="plus" size={14} />
      </button>
    </span>
  );
}
