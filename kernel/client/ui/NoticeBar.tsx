/**
 * A notice bar: one text scrolls across (a marquee), several texts take turns vertically.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Icon } from './Icon';
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
  const [index, setIndex] = useState(0);
  const count = items.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [count, interval]);
  if (count === 0) return null;
  const current = index % count;
  return (
    <div className={`sf-notice ${className}`} role="marquee">
      <Icon name={icon} className="sf-notice__icon" />
      <div className="sf-notice__window" onClick={() => onClick?.(current)}>
        {count === 1 ? (
          <span className="sf-notice__scroll">{items[0]}</span>
        ) : (
          <span key={current} className="sf-notice__slide">
            {items[current]}
          </span>
        )}
      </div>
      {extra}
    </div>
  );
}
