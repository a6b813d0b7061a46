/**
 * A borderless button that is only an icon (back arrow, close, show password). The label is
 * its accessible name, so it is required.
 */
import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './Icon';
import './button.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> {
  icon: IconName;
  /** Already translated; read by screen readers and shown as the tooltip. */
  label: string;
  /** Pixels (default 20). */
  size?: number;
}

export function IconButton({ icon, label, size = 20, className = '', type = 'button', ...rest }: IconButtonProps) {
  return (
    <button type={type} className={`sf-icon-button ${className}`} aria-label={label} title={label} {...rest}>
      <Icon name={icon} size={size} />
    </button>
  );
}
