/** A count or a dot, on its own or pinned to the corner of its children. */
import type { ReactNode } from 'react';
import './badge.css';

export interface BadgeProps {
  /** Nothing shows for 0, '', null or undefined. */
  count?: number | string | null;
  dot?: boolean;
  /** Larger numbers show as `max+` (default 99). */
  max?: number;
  children?: ReactNode;
  className?: string;
}

export function badgeText(count: BadgeProps['count'], max = 99): string | null {
  if (count === null || count === undefined || count === '' || count === 0 || count === '0') return null;
  if (typeof count === 'number' && count > max) return `${max}+`;
  return String(count);
}

export function Badge({ count, dot, max = 99, children, className = '' }: BadgeProps) {
  const text = badgeText(count, max);
  const mark = dot ? <span className="sf-badge sf-badge--dot" /> : text ? <span className="sf-badge">{text}</span> : null;
  if (children === undefined) return mark;
  return (
    <span className={`sf-badge-wrap ${className}`}>
      {children}
      {mark}
    </span>
  );
}
