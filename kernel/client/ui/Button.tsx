import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';
import './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `primary`: theme colour; `default`: outlined; `plain`: text only; `danger`: destructive. */
  variant?: 'primary' | 'default' | 'plain' | 'danger';
  size?: 'large' | 'normal' | 'small';
  /** Full width. */
  block?: boolean;
  round?: boolean;
  /** Shows a spinner and ignores clicks. */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = 'default',
  size = 'normal',
  block,
  round,
  loading,
  disabled,
  icon,
  className = '',
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = ['sf-button', `sf-button--${variant}`, `sf-button--${size}`, block && 'sf-button--block', round && 'sf-button--round', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner size={16} /> : icon}
      {children}
    </button>
  );
}
