/**
 * The hooks pages use. Everything reaches the kernel through <KernelProvider>; nothing here
 * imports a plugin.
 */
import { use, useCallback, useContext, useEffect, useRef, useState, type DependencyList } from 'react';
import { useTranslation } from 'react-i18next';
import type { InjectionToken } from 'tsyringe';
import { useSnapshot } from 'valtio';
import type { CallDef, PayloadIn, ReplyOf } from '../core/contract';
import { CallError } from './call-error';
import { currentLanguage } from './i18n';
import { isSettled, namespaceLoad } from './i18n-namespaces';
import { KernelContext, QueryContext } from './context';
import type { CallOptions, Http, Kernel, Language, Locale, Navigator } from './kernel';
import type { ExtensionPoint } from '../core/extension';
import { hasMorePages, readPage, type ItemsOf } from './paging';
import { loadTimeFormats } from './time-formats';

export function useKernel(): Kernel {
  const kernel = useContext(KernelContext);
  if (!kernel) throw new Error('useKernel() needs a <KernelProvider> above the component (the shell provides one)');
  return kernel;
}

export function useService<T>(token: InjectionToken<T>): T {
  const kernel = useKernel();
  return kernel.container.resolve(token);
}

export const useNav = (): Navigator => useKernel().nav;

/** A read-only snapshot of the session: re-renders on login, logout and user updates. */
export const useSession = () => useSnapshot(useKernel().session.state);

/** A read-only snapshot of the chat socket's state: `{ status, attempts, failed, online, lastError }`. */
export const useSocket = () => useSnapshot(useKernel().socket.state);

/**
 * The current language; re-renders on a switch. Data fetched in a language (catalogue names)
 * keys on it: useCall and usePaged fetch again when it changes.
 */
export function useLanguage(): Language {
  useTranslation('kernel'); // re-render on a language switch
  return currentLanguage(useKernel().i18n);
}

/** A read-only snapshot of the site state (config and enabled plugins). */
export const useSite = () => useSnapshot(useKernel().site);

/**
 * react-i18next's useTranslation; `ns` is a plugin id (default: `kernel`). A namespace not yet
 * downloaded suspends the component until it arrives (pages render inside Suspense), so a screen
 * never shows keys for strings that load on first use.
 */
export function useT(ns?: string | string[]) {
  const translation = useTranslation(ns ?? 'kernel');
  useNamespaces(typeof ns === 'string' ? [ns] : (ns ?? []));
  return translation;
}

/**
 * Whether these namespaces are there in the current language, without suspending: starts their
 * download and re-renders once they have arrived (for the shell's title bar, which must not wait).
 */
export function useNamespacesReady(namespaces: readonly string[]): boolean {
  const { i18n } = useKernel();
  useTranslation('kernel'); // re-render on a language switch
  const language = currentLanguage(i18n);
  const pending = namespaces.map((namespace) => namespaceLoad(i18n, namespace, language)).filter((load) => load && !isSettled(load));
  const [, arrived] = useState(0);
  const key = `${language}|${namespaces.join(',')}`;
  useEffect(() => {
    if (pending.length === 0) return;
    let live = true;
    void Promise.all(pending).then(() => live && arrived((n) => n + 1));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `pending` is derived from `key` (and what has loaded, which only ever grows)
  }, [key]);
  return pending.length === 0;
}

/** Waits (suspends) until these namespaces are there in the current language; all start downloading at once. */
export function useNamespaces(namespaces: readonly string[]): void {
  // The kernel's instance itself: react-i18next hands out a wrapper of it.
  const { i18n } = useKernel();
  useTranslation('kernel'); // re-render on a language switch
  const language = currentLanguage(i18n);
  const loads = namespaces.map((namespace) => namespaceLoad(i18n, namespace, language));
  // The same promise on every render, before and after it settles, so `use` is called alike each
  // time (React requires it); a settled one returns at once.
  for (const load of loads) if (load) use(load as Promise<void>);
}

/**
 * The locale (language switch, relative and chat time); re-renders when the language changes,
 * e.g. `const locale = useLocale(); locale.setLanguage('en')`. The first use waits (suspends)
 * while the time formats load; pages render inside Suspense.
 */
export function useLocale(): Locale {
  useTranslation('kernel');
  // The same promise on every render, marked fulfilled once loaded: `use` is called alike each
  // time (React requires it) and returns at once after the first load.
  use(loadTimeFormats());
  return useKernel().locale;
}

/**
 * What the enabled plugins put into an extension point (`goods.actions`, `home.sections`). The
 * plugins that fill it are loaded on first use, without suspending: the view draws what is here
 * and re-renders as their code arrives. `settled` once every filler has loaded (or failed).
 */
export function useExtensions<T>(point: ExtensionPoint<T>): { items: T[]; settled: boolean } {
  const kernel = useKernel();
  useSite();
  useSnapshot(kernel.plugins.state);
  const filling = kernel.plugins.fill(point.id);
  const [, settledNow] = useState(0);
  useEffect(() => {
    let live = true;
    void filling.then(() => live && settledNow((n) => n + 1));
    return () => {
      live = false;
    };
  }, [filling]);
  return { items: kernel.extensions.list(point), settled: filling.status === 'fulfilled' };
}

/** The current page's query parameters. */
export const useQuery = (): Record<string, string> => useContext(QueryContext);

export type Status = 'loading' | 'error' | 'ready';

export interface CallState<T> {
  status: Status;
  data: T | undefined;
  error: CallError | null;
  /** Runs the call again; the previous data stays visible until the new reply arrives. */
  reload: () => Promise<void>;
}

/**
 * Identical calls from several components (or React's strict-mode double effect) share one
 * request instead of tripping the Http service's duplicate-request cancellation.
 */
const inFlight = new WeakMap<Http, Map<string, Promise<unknown>>>();

function sharedData<C extends CallDef>(http: Http, call: C, payload: PayloadIn<C>, options: CallOptions, language: Language) {
  let map = inFlight.get(http);
  if (!map) inFlight.set(http, (map = new Map()));
  // A reply in another language is another reply (the Http service sends the current one).
  const key = `${language} ${call.method} ${call.path} ${JSON.stringify(payload ?? {})}`;
  const running = map.get(key) as Promise<ReplyOf<C>> | undefined;
  if (running) return running;
  const request = http.data(call, payload, options).finally(() => map.delete(key));
  map.set(key, request);
  return request;
}

export function toCallError(error: unknown): CallError {
  if (error instanceof CallError) return error;
  return new CallError({ msg: error instanceof Error ? error.message : String(error), reason: 'network' });
}

/**
 * Runs a call when the component mounts, whenever `deps` (default: the payload) change, and on a
 * language switch (replies carry catalogue text in the request's language).
 * Pass `null` as payload to wait (e.g. until a query id is known). Business refusals are not
 * toasted (the page shows `error`, e.g. with <ErrorState onRetry={reload}/>) unless asked.
 */
export function useCall<C extends CallDef>(
  call: C,
  payload: PayloadIn<C> | null,
  deps?: DependencyList,
  options: CallOptions = {},
): CallState<ReplyOf<C>> {
  const { http, i18n } = useKernel();
  const language = useLanguage();
  const [state, setState] = useState<Omit<CallState<ReplyOf<C>>, 'reload'>>({
    status: 'loading',
    data: undefined,
    error: null,
  });
  const latest = useRef(0);
  const args = useRef({ payload, options });
  args.current = { payload, options };

  const run = useCallback(async () => {
    const { payload: current, options: opts } = args.current;
    if (current === null) return;
    const ticket = ++latest.current;
    setState((s) => ({ ...s, status: 'loading', error: null }));
    try {
      const data = await sharedData(http, call, current, { toastError: false, ...opts }, currentLanguage(i18n));
      if (ticket === latest.current) setState({ status: 'ready', data, error: null });
    } catch (error) {
      if (ticket === latest.current) setState((s) => ({ ...s, status: 'error', error: toCallError(error) }));
    }
  }, [http, i18n, call]);

  const key = [...(deps ?? [JSON.stringify(payload)]), language];
  useEffect(() => {
    void run();
    return () => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- a run counter, not a DOM node: bumping it at cleanup is what voids the run in flight
      latest.current++;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the caller's deps (default: the payload's JSON), spread in: the rule cannot check a spread
  }, [run, ...key]);

  return { ...state, reload: run };
}

export interface PagedState<T> {
  items: T[];
  /** Of the first page: `loading` until it arrives, `error` if it failed. */
  status: Status;
  error: CallError | null;
  /** A later page is loading. */
  loadingMore: boolean;
  /** A later page failed; `loadMore()` tries it again. */
  moreError: CallError | null;
  hasMore: boolean;
  total: number | null;
  loadMore: () => Promise<void>;
  /** Starts again from page 1. */
  reload: () => Promise<void>;
}

export interface PagedOptions<I, R = unknown> {
  /** Rows per page (default 10). */
  limit?: number;
  /** Reads a reply into rows and total when its shape is not one `readPage` knows. */
  select?: (reply: unknown) => { items: I[]; total?: number | null };
  /** The first page's reply when it is already here (first-screen data): shown at once, not fetched. */
  initial?: R | null;
}

type PagedPayload<C extends CallDef> = Omit<PayloadIn<C>, 'page' | 'limit'>;

/**
 * A list call with `page` and `limit`: loads page 1, then appends pages on `loadMore()`. `call`
 * may be a loader (`() => import('./contract').then((m) => m.x.list)`), so a list shown from
 * first-screen data loads its contract (and zod) only when it needs the next page.
 */
export function usePaged<C extends CallDef, I = ItemsOf<ReplyOf<C>>>(
  call: C | (() => Promise<C>),
  payload: PagedPayload<C> | null,
  options: PagedOptions<I, ReplyOf<C>> = {},
): PagedState<I> {
  const { http, i18n } = useKernel();
  const language = useLanguage();
  const limit = options.limit ?? 10;
  const read = (reply: unknown) => (options.select ? options.select(reply) : readPage<I>(reply));
  const [state, setState] = useState(() => {
    const first = options.initial == null ? null : read(options.initial);
    return {
      items: first ? first.items : ([] as I[]),
      page: first ? 1 : 0,
      status: (first ? 'ready' : 'loading') as Status,
      error: null as CallError | null,
      loadingMore: false,
      moreError: null as CallError | null,
      hasMore: first ? hasMorePages(first.items.length, first.items.length, limit, first.total ?? null) : false,
      total: first ? (first.total ?? null) : null,
    };
  });
  /** Page 1 came with the first-screen data: the mount does not fetch it again. */
  const seeded = useRef(options.initial != null);
  const generation = useRef(0);
  const busy = useRef(false);
  const args = useRef({ payload, options, state });
  args.current = { payload, options, state };

  const fetchPage = useCallback(
    async (page: number, ticket: number) => {
      const { payload: current, options: opts } = args.current;
      const body = { ...(current as object), page, limit } as PayloadIn<C>;
      const definition = typeof call === 'function' ? await call() : call;
      const reply = await sharedData(http, definition, body, { toastError: false }, currentLanguage(i18n));
      const slice = opts.select ? opts.select(reply) : readPage<I>(reply);
      return { ticket, page, items: slice.items, total: slice.total ?? null };
    },
    [http, i18n, call, limit],
  );

  const reload = useCallback(async () => {
    if (args.current.payload === null) return;
    const ticket = ++generation.current;
    busy.current = true;
    setState((s) => ({ ...s, status: 'loading', error: null, moreError: null }));
    try {
      const result = await fetchPage(1, ticket);
      if (result.ticket !== generation.current) return;
      setState({
        items: result.items,
        page: 1,
        status: 'ready',
        error: null,
        loadingMore: false,
        moreError: null,
        total: result.total,
        hasMore: hasMorePages(result.items.length, result.items.length, limit, result.total),
      });
    } catch (error) {
      if (ticket === generation.current) setState((s) => ({ ...s, status: 'error', error: toCallError(error) }));
    } finally {
      if (ticket === generation.current) busy.current = false;
    }
  }, [fetchPage, limit]);

  const loadMore = useCallback(async () => {
    const current = args.current.state;
    if (busy.current || current.status !== 'ready' || !current.hasMore) return;
    const ticket = generation.current;
    busy.current = true;
    setState((s) => ({ ...s, loadingMore: true, moreError: null }));
    try {
      const result = await fetchPage(current.page + 1, ticket);
      if (result.ticket !== generation.current) return;
      setState((s) => {
        const items = [...s.items, ...result.items];
        const total = result.total ?? s.total;
        return {
          ...s,
          items,
          page: result.page,
          total,
          loadingMore: false,
          hasMore: hasMorePages(items.length, result.items.length, limit, total),
        };
      });
    } catch (error) {
      if (ticket === generation.current) setState((s) => ({ ...s, loadingMore: false, moreError: toCallError(error) }));
    } finally {
      if (ticket === generation.current) busy.current = false;
    }
  }, [fetchPage, limit]);

  // A switch starts again from page 1 in the new language (the first-screen page too).
  const key = `${language} ${JSON.stringify(payload)}`;
  useEffect(() => {
    if (seeded.current) seeded.current = false;
    else void reload();
    return () => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- a page-load counter, not a DOM node: bumping it at cleanup is what voids the load in flight
      generation.current++;
      busy.current = false;
    };
  }, [reload, key]);

  const { page: _page, ...visible } = state;
  return { ...visible, loadMore, reload };
}

