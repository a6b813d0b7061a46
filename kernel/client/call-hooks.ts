/**
 * The hooks that run calls for a page: `useCall` (one reply) and `usePaged` (pages of a list),
 * both following the language, and `toCallError`. Re-exported by ./hooks.ts, which pages import.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import type { CallDef, PayloadIn, ReplyOf } from '../core/contract';
import { CallError } from './call-error';
import { useKernel, useLanguage } from './hooks';
import { currentLanguage } from './i18n';
import type { CallOptions, Http, Language } from './kernel';
import { hasMorePages, readPage, type ItemsOf } from './paging';

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

