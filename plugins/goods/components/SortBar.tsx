/** The list's sort bar: default, sales, price (tap again to flip), newest, and the filter button. */
import { useT } from '@kernel/client/hooks';
import { Icon } from '@kernel/client/ui';
import type { GoodsSort } from '../contract';
import { nextSort, type SortValue } from '../list-query';
import './sort-bar.css';

const SORTS: GoodsSort[] = ['default', 'sales', 'price', 'newest'];

export interface SortBarProps {
  value: SortValue;
  onChange: (value: SortValue) => void;
  onFilter: () => void;
  /** Filters are set: the filter button is highlighted. */
  filtered: boolean;
}

export function SortBar({ value, onChange, onFilter, filtered }: SortBarProps) {
  const { t } = useT('goods');
  return (
    <div className="goods-sort" role="toolbar">
      {SORTS.map((sort) => {
        const active = value.sort === sort;
        return (
          <button
            key={sort}
            type="button"
            aria-pressed={active}
            className={`goods-sort__item${active ? ' goods-sort__item--active' : ''}`}
            onClick={() => onChange(nextSort(value, sort))}
          >
            {t(`list.sort_${sort}`)}
            {sort === 'price' && (
              <span className="goods-sort__arrows" aria-hidden>
                <span className={active && value.order === 'asc' ? 'on' : ''}>▲</span>
                <span className={active && value.order === 'desc' ? 'on' : ''}>▼</span>
              </span>
            )}
          </button>
        );
      })}
      <button type="button" className={`goods-sort__item${filtered ? ' goods-sort__item--active' : ''}`} onClick={onFilter}>
        {t('list.filter')}
        <Icon name="setting" size={14} />
      </button>
    </div>
  );
}
