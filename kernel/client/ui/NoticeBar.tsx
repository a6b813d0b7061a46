/**
 * A notice bar: one text scrolls across (a marquee), several texts take turns vertically, and
 * the turning holds while the shopper points at or focuses the bar. With `onClick` the text is a
 * button (reachable by keyboard) that reports which notice was showing.
 */
import type { ReactNode } from 'react';
import { Icon } from './Icon';
import { useRotation } from './rotation';
import './notice-bar.css';

export interface NoticeBarProps {
  /** One text scrolls; several rotate every `interval` ms. */
  items: ReactNode[];
  icon?: string;
  /** Milliseconds per item when several rotate (default 3000). */
  interval?: number;
  /** Right-hand content, e.g. a "more" link. */
  extra?: ReactNode;
  onClick?: (index: number) => void;
  className?: string;
}

export function NoticeBar({ items, icon = 'bell', interval = 3000, extra, onClick, className = '' }: NoticeBarProps) {
  const count = items.length;
  const { index, holdOnAttention } = useRotation(count, interval);
  if (count === 0) return null;
  const text =
    count === 1 ? (
      <span className="sf-notice__scroll">{items[0]}</span>
    ) : (
      <span key={index} className="sf-notice__slide">
        {items[index]}
      </span>
    );
  return (
    <div className={`sf-notice ${className}`} role="marquee" {...holdOnAttention}>
      <Icon name={icon} className="sf-notice__icon" />
      {onClick ? (
        <button type="button" className="sf-notice__window sf-notice__window--button" onClick={() => onClick(index)}>
          {text}
        </button>
      ) : (
        <div className="sf-notice__window">{text}</div>
      )}
      {extra}
    </div>
  );
}
