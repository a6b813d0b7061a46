/**
 * Renders a `useCall` result: a skeleton (or loader) while loading, an error state with retry,
 * an optional empty state, and the content when ready.
 */
import type { ReactNode } from 'react';
import type { CallState } from '../hooks';
import { Loader } from './Loader';
import { Skeleton } from './Skeleton';
import { Empty, ErrorState } from './states';

export interface AsyncProps<T> {
  state: CallState<T>;
  children: (data: T) => ReactNode;
  /** What shows while loading (default: a delayed loader). */
  loading?: ReactNode;
  /** When it returns true for the data, the empty state shows instead. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
}

export function Async<T>({ state, children, loading, isEmpty, empty }: AsyncProps<T>) {
  if (state.status === 'error' && state.data === undefined) {
    return <ErrorState message={state.error?.msg} onRetry={() => void state.reload()} />;
  }
  if (state.data === undefined) return <>{loading ?? <Loader />}</>;
  if (isEmpty?.(state.data)) return <>{empty ?? <Empty />}</>;
  return <>{children(state.data)}</>;
}

/** A convenient loading placeholder for Async: `loading={<ListSkeleton />}`. */
export const ListSkeleton = ({ count = 4 }: { count?: number }) => <Skeleton rows={2} avatar count={count} />;
