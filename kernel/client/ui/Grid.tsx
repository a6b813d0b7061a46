/** An icon grid (menu slots such as `home.grid`, `member.services`). */
import type { MouseEvent, ReactNode } from 'react';
import { hashHref } from '../url';
import { Badge } from './Badge';
import { Icon } from './Icon';
import { Img } from './Img';
import './grid.css';

export interface GridItem {
  key: string;
  label: ReactNode;
  /** An icon name of the kit, or an image URL (CDN rule applies). */
  icon: string;
  to?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  badge?: number | string | null;
}

export interface GridProps {
  items: GridItem[];
  /** Items per row (default 4). */
  columns?: number;
  className?: string;
}

const looksLikeImage = (icon: string) => /[/.]/.test(icon);

export function Grid({ items, columns = 4, className = '' }: GridProps) {
  return (
    <div className={`sf-grid ${className}`} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {items.map((item) => {
        const inner = (
          <>
            <Badge count={item.badge}>
              {looksLikeImage(item.icon) ? (
                <Img src={item.icon} className="sf-grid__image" alt="" />
              ) : (
                <span className="sf-grid__icon">
                  <Icon name={item.icon} size={24} />
                </span>
              )}
            </Badge>
            <span className="sf-grid__label">{item.label}</span>
          </>
        );
        return item.to !== undefined ? (
          <a key={item.key} className="sf-grid__item" href={hashHref(item.to)} onClick={item.onClick}>
            {inner}
          </a>
        ) : (
          <button key={item.key} type="button" className="sf-grid__item" onClick={item.onClick}>
            {inner}
          </button>
        );
      })}
    </div>
  );
}
