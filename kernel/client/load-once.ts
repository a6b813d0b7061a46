/**
 * The loading rule of stores that fetch shared data (a category tree, the home content): load
 * unless loaded or loading, let callers share the request in flight, retry on demand, and keep
 * the failure's message for the page's error state. Never rejects.
 *
 * Catalogue text comes in the request's language, so a store may say which language it wants:
 * data held (or on its way) in another language is loaded again, and a reply that arrives after
 * a switch is dropped for the new one (`followLanguage` reloads a store on each switch).
 */
import type { Language, Locale } from './kernel';

export interface LoadState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The reply's message when loading failed, already in the shopper's language. */
  error: string;
  /** The language the held data was asked in, when the store loads by language. */
  language?: Language;
}

export interface LoadOptions {
  /** Load again even when loaded (a retry, a visit that wants fresh data). */
  force?: boolean;
  /** The language wanted: data in another one is loaded again. */
  language?: Language;
}

const running = new WeakMap<LoadState, { language?: Language; request: Promise<void> }>();

/** `options` may be `true` for `{ force: true }`. */
export function loadOnce<S extends LoadState, T>(
  store: S,
  fetch: () => Promise<T>,
  apply: (store: S, value: T) => void,
  options: boolean | LoadOptions = false,
): Promise<void> {
  const { force = false, language } = typeof options === 'boolean' ? { force: options } : options;
  const current = running.get(store);
  // A caller that names no language shares whatever is on its way.
  if (current && (language === undefined || current.language === language)) return current.request;
  const stale = language !== undefined && store.language !== undefined && store.language !== language;
  if (!current && store.status === 'ready' && !force && !stale) return Promise.resolve();
  store.status = 'loading';
  store.error = '';
  const mine = (): boolean => running.get(store) === entry;
  const request = fetch()
    .then((value) => {
      if (!mine()) return;
      apply(store, value);
      if (language !== undefined) store.language = language;
      store.status = 'ready';
    })
    .catch((error: unknown) => {
      if (!mine()) return;
      store.status = 'error';
      store.error = error instanceof Error ? error.message : String(error);
    })
    .finally(() => {
      if (mine()) running.delete(store);
    });
  const entry = { language, request };
  running.set(store, entry);
  return request;
}

/**
 * Reloads a store in the new language on every switch, once it has loaded (or tried to) at
 * least once; returns the unsubscribe. `reload` should call loadOnce with that language.
 */
export function followLanguage(locale: Pick<Locale, 'onChange'>, store: LoadState, reload: (language: Language) => Promise<void>): () => void {
  return locale.onChange((language) => {
    if (store.status !== 'idle') void reload(language);
  });
}
