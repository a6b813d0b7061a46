/** A row of tabs (order states, category levels); controlled by `value`/`onChange`. */
import type { ReactNode } from 'react';
import { Badge } from './Badge';
import './tabs.css';

export interface TabItem<K extends string | number = string> {
  key: K;
  label: ReactNode;
  badge?: number | string | null;
}

export interface TabsProps<K extends string | number = string> {
  items: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** Stick to the top of the scrolling page (under the nav bar). */
  sticky?: boolean;
  className?: string;
}

export function Tabs<K extends string | number = string>({ items, value, onChange, sticky, className = '' }: TabsProps<K>) {
  return (
    <div className={`sf-tabs${sticky ? ' sf-tabs--sticky' : ''} ${className}`} role="tablist">
      {items.map((item) => {
        const active = item.key === value;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={active}
            className={`sf-tabs__tab${active ? ' sf-tabs__tab--active' : ''}`}
            onClick={() => onChange(item.key)}
          >
            <Badge count={item.badge}>
              <span>{item.label}</span>
            </Badge>
          </button>
        );
      })}
    </div>
  );
}
