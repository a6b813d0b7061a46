/** A quantity stepper: minus, the number, plus; the value always stays within [min, max]. */
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
}

export const clampQuantity = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, Number.isFinite(value) ? Math.trunc(value) : min));

export function Stepper({ value, onChange, min = 1, max = Number.POSITIVE_INFINITY, step = 1, disabled, label }: StepperProps) {
  const { t } = useTranslation('kernel');
  const set = (next: number) => {
    const clamped = clampQuantity(next, min, max);
    if (clamped !== value) onChange(clamped);
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
        onChange={(event) => set(Number(event.target.value))}
      />
      <button type="button" aria-label={t('ui.increase')} disabled={disabled || value >= max} onClick={() => set(value + step)}>
        <Icon name="plus" size={14} />
      </button>
    </span>
  );
}
