/**
 * Word chips: small rounded buttons in a wrapping row (brands to filter by, recent searches, SKU
 * values). With `selected` a chip is a toggle (`aria-pressed`); without, a plain action.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './chip.css';

export interface ChipProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** A toggle's state; leave it out for a chip that just does something. */
  selected?: boolean;
}

export function Chip({ selected, className = '', type = 'button', ...rest }: ChipProps) {
  return (
    <button type={type} aria-pressed={selected} className={`sf-chip${selected ? ' sf-chip--selected' : ''} ${className}`} {...rest} />
  );
}

export interface ChipGroupProps {
  children: ReactNode;
  /** Accessible name of the group, already translated (when no heading names it). */
  label?: string;
  className?: string;
}

export function ChipGroup({ children, label, className = '' }: ChipGroupProps) {
  return (
    <div className={`sf-chips ${className}`} role="group" aria-label={label}>
      {children}
    </div>
  );
}
