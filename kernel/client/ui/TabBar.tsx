/** The bottom tab bar. The shell fills it from the `tabbar` menu slot; it is plain links. */
import type { MouseEvent, ReactNode } from 'react';
import { hashHref } from '../url';
import { Badge } from './Badge';
import { Icon } from './Icon';
import './tabbar.css';

export interface TabBarItem {
  key: string;
  label: ReactNode;
  icon: string;
  /** Route path (with query) the tab opens. */
  to: string;
  badge?: number | string | null;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface TabBarProps {
  items: TabBarItem[];
  active?: string;
}

export function TabBar({ items, active }: TabBarProps) {
  return (
    <nav className="sf-tabbar sf-fixed-bottom">
      {items.map((item) => {
        const current = item.key === active;
        return (
          <a
            key={item.key}
            href={hashHref(item.to)}
            onClick={item.onClick}
            className={`sf-tabbar__item${current ? ' sf-tabbar__item--active' : ''}`}
            aria-current={current ? 'page' : undefined}
          >
            <Badge count={item.badge}>
              <Icon name={item.icon} size={22} />
            </Badge>
            <span className="sf-tabbar__label">{item.label}</span>
          </a>
        );
      })}
    </nav>
  );
}
