/**
 * A paged list (pair it with `usePaged`): skeleton while the first page loads, error state with
 * retry, empty state, then the rows with a load-more footer. When the browser has
 * IntersectionObserver, the next page loads as the footer scrolls into view; the button stays
 * for keyboards and for retrying.
 */
import { useEffect, useRef, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedState } from '../hooks';
import { Skeleton } from './Skeleton';
import { Spinner } from './Spinner';
import { Empty, ErrorState } from './states';
import './list.css';

export interface ListProps<T> {
  state: PagedState<T>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey?: (item: T, index: number) => Key;
  /** What shows while the first page loads (default: skeleton rows). */
  loading?: ReactNode;
  empty?: ReactNode;
  /** Lay rows out in columns (e.g. 2 for goods cards). */
  columns?: number;
  className?: string;
}

export function List<T>({ state, renderItem, itemKey, loading, empty, columns, className = '' }: ListProps<T>) {
  if (state.status === 'error') return <ErrorState message={state.error?.msg} onRetry={() => void state.reload()} />;
  if (state.status === 'loading' && state.items.length === 0) return <>{loading ?? <Skeleton rows={2} avatar count={4} />}</>;
  if (state.items.length === 0) return <>{empty ?? <Empty />}</>;
  const style = columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined;
  return (
    <div className={`sf-list ${className}`}>
      <div className={columns ? 'sf-list__grid' : 'sf-list__rows'} style={style}>
        {state.items.map((item, index) => (
          <ListRow key={itemKey ? itemKey(item, index) : index}>{renderItem(item, index)}</ListRow>
        ))}
      </div>
      <ListFooter state={state} />
    </div>
  );
}

const ListRow = ({ children }: { children: ReactNode }) => <>{children}</>;

export function ListFooter<T>({ state }: { state: PagedState<T> }) {
  const { t } = useTranslation('kernel');
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, moreError, loadMore } = state;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || moreError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, moreError, loadMore]);

  let content: ReactNode;
  if (loadingMore) {
    content = (
      <span className="sf-list__status" role="status">
        <Spinner size={14} /> {t('ui.loading')}
      </span>
    );
  } else if (moreError) {
    content = (
      <button type="button" className="sf-list__more" onClick={() => void loadMore()}>
        {moreError.msg || t('ui.error')} · {t('ui.retry')}
      </button>
    );
  } else if (hasMore) {
    content = (
      <button type="button" className="sf-list__more" onClick={() => void loadMore()}>
        {t('ui.load_more')}
      </button>
    );
  } else {
    content = <span className="sf-list__status">{t('ui.no_more')}</span>;
  }
  return (
    <div ref={sentinel} className="sf-list__footer">
      {content}
    </div>
  );
}
