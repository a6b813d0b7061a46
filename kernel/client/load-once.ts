/**
 * The loading rule of stores that fetch shared data (a category tree, the home content): load
 * unless loaded or loading, let callers share the request in flight, retry on demand, and keep
 * the failure's message for the page's error state. Never rejects.
 */

export interface LoadState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The reply's message when loading failed, already in the shopper's language. */
  error: string;
}

const running = new WeakMap<LoadState, Promise<void>>();

export function loadOnce<S extends LoadState, T>(
  store: S,
  fetch: () => Promise<T>,
  apply: (store: S, value: T) => void,
  force = false,
): Promise<void> {
  const current = running.get(store);
  if (current) return current;
  if (store.status === 'ready' && !force) return Promise.resolve();
  store.status = 'loading';
  store.error = '';
  const request = fetch()
    .then((value) => {
      apply(store, value);
      store.status = 'ready';
    })
    .catch((error: unknown) => {
      store.status = 'error';
      store.error = error instanceof Error ? error.message : String(error);
    })
    .finally(() => running.delete(store));
  running.set(store, request);
  return request;
}
