/**
 * The Http service's wire (DESIGN §4, spec §7, §8): an axios instance whose interceptors do the
 * service's work. http.ts loads it, with axios and spark-md5, as a chunk of its own on the first
 * call: the first screen's data comes in the bootstrap, so none of it weighs on the home route.
 * - request interceptors sign the request, and cancel it (its AbortController) while an identical one is in flight;
 * - the response interceptor checks the envelope and toasts a refusal, shows the "service error"
 *   modal for every non-200 status, and on a 401 refreshes the token once and replays the call.
 * A 401 to a logged-in session whose refresh fails is no service error: the session expired
 * (a password changed elsewhere), so it ends quietly — the router sends an `auth` route to login,
 * which says calmly why; an anonymous route stays usable.
 */
import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { i18n as I18next } from 'i18next';
import type { CallDef } from '../core/contract';
import { isReply, type Reply } from '../core/envelope';
import { statusMessage } from '../core/catalogue';
import type { Bootstrap } from '../core/bootstrap';
import type { LoginReply } from '../core/user';
import { CallError } from './call-error';
import type { Dialogs } from './dialogs';
import { pendingRequests } from './http-pending';
import type { CallOptions, Language, Navigator, Session, SiteState } from './kernel';
import { loadKernelCalls, REFRESH_PATH } from './kernel-calls';
import { signHeaders } from './signer';

export const TIMEOUT_MS = 60_000;

/** The network: the browser's fetch, or a fake one in tests (see HttpAdapterToken). */
export type HttpFetch = (input: Request, init?: RequestInit) => Promise<Response>;

export interface HttpDeps {
  bootstrap: Bootstrap;
  site: SiteState;
  session: Session;
  i18n: I18next;
  dialogs: Dialogs;
  nav: Navigator;
  /** The network; null uses the browser's fetch. */
  adapter: HttpFetch | null;
  now?: () => number;
}

/** One call as the Http service hands it to the wire. */
export interface Outgoing {
  call: CallDef;
  body: unknown;
  /** What makes two requests identical besides method and url (JSON body, or the upload's file). */
  fingerprint: string;
  options: CallOptions;
  /** The session's token when the call was made. */
  token: string;
  /** An upload's progress, as the share of its bytes sent (0 to 1). */
  onProgress?: (fraction: number) => void;
}

/** What the interceptors know of a request beyond axios's own config. */
export interface CallMeta {
  path: string;
  fingerprint: string;
  toastError: boolean;
  /** The session's token when the call was made: a call goes out as whoever made it. */
  token: string;
  /** Set on the replay after a refresh, so a call is replayed once at most. */
  replayed?: boolean;
  /** Set on the replay signed again on the server's clock, so it is tried once at most. */
  resigned?: boolean;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    storefront?: CallMeta;
  }
}

/** Sends one call and resolves with its envelope (code 1 or 0); rejects with a CallError. */
export type Transport = (out: Outgoing) => Promise<Reply>;

/** `apiUrl` + path (a base with a path keeps it), resolved against the page like any link. */
/** A gap between the server's clock and this device's that is not worth correcting. */
export const CLOCK_SLACK_MS = 30_000;

export function callUrl(baseURL: string, path: string): string {
  const joined = baseURL ? `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : path;
  return new URL(joined, globalThis.location?.href).toString();
}

export function createTransport(deps: HttpDeps): Transport {
  const { bootstrap, site, session, i18n, dialogs, nav } = deps;
  const now = deps.now ?? Date.now;
  const pending = pendingRequests();
  let refreshing: Promise<boolean> | null = null;

  const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
  const baseURL = () => site.config?.apiUrl || bootstrap.apiUrl || '';
  const language = (): Language => (i18n.language === 'en' ? 'en' : 'zh-Hans');

  /**
   * How far the server's clock is from this device's, learnt from each reply's `time`: a device
   * whose clock is wrong by more than the signature's window (5 minutes) would otherwise be refused
   * every call. Only a gap past CLOCK_SLACK_MS counts (`time` is whole seconds, and the reply took a while).
   */
  let serverAhead = 0;
  const learnClock = (reply: Reply): boolean => {
    const gap = Number(reply.time) * 1000 - now();
    if (!Number.isFinite(gap) || Math.abs(gap - serverAhead) <= CLOCK_SLACK_MS) return false;
    serverAhead = Math.abs(gap) > CLOCK_SLACK_MS ? gap : 0;
    return true;
  };

  function sign(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
    const token = config.storefront?.token ?? session.state.user?.token ?? '';
    config.headers.set(signHeaders({ appKey: bootstrap.appKey, appSecret: bootstrap.appSecret, lang: language(), token, nowMillis: now() + serverAhead }));
    return config;
  }

  /** A signed axios instance: fetch (or the fake network), 60 s, every status handed to the interceptors. */
  function signedInstance(): AxiosInstance {
    const instance = axios.create({
      adapter: 'fetch',
      // axios hands fetch a Request wherever the runtime has one (every browser, Node ≥ 18).
      ...(deps.adapter ? { env: { fetch: deps.adapter as typeof globalThis.fetch } } : {}),
      timeout: TIMEOUT_MS,
      validateStatus: (status) => status === 200,
      // The API's CORS allow-list names our headers only; axios would add its own User-Agent.
      headers: { 'User-Agent': false },
    });
    instance.interceptors.request.use(sign, null, { synchronous: true });
    return instance;
  }

  function request(call: CallDef, body: unknown, meta?: CallMeta, onProgress?: (fraction: number) => void): AxiosRequestConfig {
    const multipart = body instanceof FormData;
    return {
      method: call.method,
      url: callUrl(baseURL(), call.path),
      ...(call.method === 'GET' ? { params: body } : { data: body ?? {} }),
      // Without a boundary: fetch writes the header with the one it chose.
      ...(multipart ? { headers: { 'Content-Type': 'multipart/form-data' } } : {}),
      ...(multipart && onProgress ? progressOf(onProgress) : {}),
      storefront: meta,
    };
  }

  /**
   * An upload that reports its progress. axios's fetch adapter reports it only by streaming the
   * body, which Chromium sends over HTTP/2 alone (ERR_H2_OR_QUIC_REQUIRED on HTTP/1.1) and Firefox
   * and Safari not at all; XMLHttpRequest's upload events work everywhere. So such an upload leaves
   * through the xhr adapter, on the same instance (signed, tracked, checked alike). A test's fake
   * network is a fetch: there axios streams the body into it and reports as it is read.
   */
  function progressOf(onProgress: (fraction: number) => void): AxiosRequestConfig {
    return {
      ...(deps.adapter ? {} : { adapter: 'xhr' as const }),
      onUploadProgress: ({ loaded, total }) => {
        if (total) onProgress(Math.min(1, loaded / total));
      },
    };
  }

  // The refresh call goes out bare (signed only): its failure ends the session, it shows no modal.
  const bare = signedInstance();
  const client = signedInstance();

  /** One refresh for any number of concurrent 401s; true when a new token pair arrived. */
  function refreshToken(): Promise<boolean> {
    const stored = session.state.user?.refreshToken;
    if (!stored) return Promise.resolve(false);
    refreshing ??= loadKernelCalls()
      .then((calls) => bare.request<unknown>(request(calls.refreshToken, { refresh_token: stored })))
      .then(({ data }) => {
        const reply = data as Reply<LoginReply> | undefined;
        if (!isReply(reply) || reply.code !== 1 || !reply.data?.userinfo?.token) return false;
        session.update({ token: reply.data.userinfo.token, refreshToken: reply.data.userinfo.refreshToken });
        return true;
      })
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /** Whether a call refused with `sentToken` may be replayed: another call renewed the token meanwhile, or this one did. */
  async function renewed(sentToken: string): Promise<boolean> {
    const current = session.state.user?.token;
    if (!current) return false;
    return current !== sentToken || refreshToken();
  }

  function expired(): never {
    session.expire();
    throw new CallError({ msg: t('kernel:session.expired'), status: 401, reason: 'expired' });
  }

  function failStatus(status: number, path: string): never {
    const entry = statusMessage(status, baseURL() + path);
    const msg = t(`kernel:${entry.key}`, entry.params);
    void dialogs.alert({ title: t('kernel:http.title'), content: msg });
    throw new CallError({ msg, status, reason: 'status' });
  }

  function unwrap(response: AxiosResponse<unknown>): AxiosResponse<Reply> {
    pending.release(response.config);
    const reply = response.data;
    if (isReply(reply)) learnClock(reply);
    if (!isReply(reply)) {
      const msg = t('kernel:message.server_exception');
      dialogs.toast(msg);
      throw new CallError({ msg, status: 200, reason: 'network', data: reply });
    }
    if (reply.code !== 1 && response.config.storefront?.toastError !== false && reply.msg) dialogs.toast(reply.msg);
    return { ...response, data: reply };
  }

  async function recover(error: unknown): Promise<AxiosResponse<Reply>> {
    if (axios.isCancel(error)) throw new CallError({ msg: t('kernel:message.duplicate_request'), reason: 'duplicate' });
    if (!(error instanceof AxiosError) || !error.config) throw error;
    const { config, response } = error;
    pending.release(config);
    const meta = config.storefront;
    if (!response) {
      const timedOut = error.code === AxiosError.ETIMEDOUT || error.code === AxiosError.ECONNABORTED;
      const msg = t(timedOut ? 'kernel:message.network_timeout' : 'kernel:message.server_exception');
      dialogs.toast(msg);
      throw new CallError({ msg, reason: timedOut ? 'timeout' : 'network' });
    }
    const path = meta?.path ?? '';
    // Refused for a timestamp out of the window: this device's clock is off. Signed again on the server's, once.
    if (response.status === 403 && isReply(response.data) && !meta?.resigned && learnClock(response.data)) {
      return client.request<Reply, AxiosResponse<Reply>>({ ...config, storefront: { ...(meta ?? { path, fingerprint: '', toastError: true, token: '' }), resigned: true } });
    }
    if (response.status === 401 && path !== REFRESH_PATH) {
      if (meta?.token) {
        if (!meta.replayed && (await renewed(meta.token))) {
          const token = session.state.user?.token ?? '';
          return client.request<Reply, AxiosResponse<Reply>>({ ...config, storefront: { ...meta, token, replayed: true } });
        }
        expired();
      }
      // Anonymous: a call that needs a login (spec §8: the modal, then the login page).
      nav.login();
    }
    return failStatus(response.status, path);
  }

  client.interceptors.request.use((config) => pending.track(config), null, { synchronous: true });
  client.interceptors.response.use(unwrap, recover);

  return async ({ call, body, fingerprint, options, token, onProgress }) => {
    const meta: CallMeta = { path: call.path, fingerprint, toastError: options.toastError !== false, token };
    const response = await client.request<Reply, AxiosResponse<Reply>>(request(call, body, meta, onProgress));
    return response.data;
  };
}
