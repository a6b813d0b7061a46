/**
 * The Http service (DESIGN §4, spec §7, §8): signed calls over fetch, the reply envelope,
 * the "service error" modal for every non-200 status, one token refresh on 401, cancellation
 * of an identical request while the first is in flight, and toasts for refusals and time-outs.
 * A 401 to a logged-in session whose refresh fails is no service error: the session expired
 * (a password changed elsewhere), so it ends quietly — the router sends an `auth` route to login,
 * which says calmly why; an anonymous route stays usable.
 */
import type { i18n as I18next } from 'i18next';
import type { CallDef, PayloadIn, ReplyOf } from '../core/contract';
import { isReply, type Reply } from '../core/envelope';
import { statusMessage } from '../core/catalogue';
import type { Bootstrap } from '../core/site';
import type { LoginReply } from '../core/user';
import { CallError } from './call-error';
import type { Dialogs } from './dialogs';
import type { CallOptions, Http, Language, Navigator, Session, SiteState } from './kernel';
import type { HttpFetch, Transport, WireResponse } from './http-transport';
import { loadKernelCalls, REFRESH_PATH } from './kernel-calls';

/** Loads the wire (ky + signer) once, as its own chunk, when the first call needs it. */
const loadTransport = (adapter: HttpFetch | null): Promise<Transport> =>
  import('./http-transport').then((module) => module.createTransport(adapter));

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

interface Outgoing {
  call: CallDef;
  body: unknown;
  /** What makes two requests identical besides method and url (JSON body, or the upload's file). */
  fingerprint: string;
  options: CallOptions;
}

export function createHttp(deps: HttpDeps): Http {
  const { bootstrap, site, session, i18n, dialogs, nav } = deps;
  const now = deps.now ?? Date.now;
  let transport: Promise<Transport> | null = null;
  const inFlight = new Set<string>();
  let refreshing: Promise<boolean> | null = null;

  const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
  const baseURL = () => site.config?.apiUrl || bootstrap.apiUrl || '';
  const language = (): Language => (i18n.language === 'en' ? 'en' : 'zh-Hans');

  async function send(call: CallDef, body: unknown, token: string): Promise<WireResponse> {
    // Loaded on the first call: a first screen from index.html makes none, so ky and spark-md5 wait.
    transport ??= loadTransport(deps.adapter).catch((error: unknown) => {
      transport = null;
      throw error;
    });
    const wire = await transport;
    return wire({
      call,
      baseURL: baseURL(),
      body,
      sign: {
        appKey: bootstrap.appKey,
        appSecret: bootstrap.appSecret,
        lang: language(),
        token,
        nowMillis: now(),
      },
    });
  }

  /** One refresh for any number of concurrent 401s; true when a new token pair arrived. */
  function refreshToken(): Promise<boolean> {
    const stored = session.state.user?.refreshToken;
    if (!stored) return Promise.resolve(false);
    refreshing ??= loadKernelCalls()
      .then((calls) => send(calls.refreshToken, { refresh_token: stored }, session.state.user?.token ?? ''))
      .then((response) => {
        const reply = response.data as Reply<LoginReply> | undefined;
        if (response.status !== 200 || !isReply(reply) || reply.code !== 1 || !reply.data?.userinfo?.token) return false;
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

  function failStatus(status: number, call: CallDef): never {
    const entry = statusMessage(status, baseURL() + call.path);
    const msg = t(`kernel:${entry.key}`, entry.params);
    void dialogs.alert({ title: t('kernel:http.title'), content: msg });
    throw new CallError({ msg, status, reason: 'status' });
  }

  async function exchange(out: Outgoing, replay: boolean): Promise<Reply> {
    const key = `${out.call.method} ${baseURL()}${out.call.path} ${out.fingerprint}`;
    if (inFlight.has(key)) {
      throw new CallError({ msg: t('kernel:message.duplicate_request'), reason: 'duplicate' });
    }
    inFlight.add(key);
    const token = session.state.user?.token ?? '';
    let response: WireResponse;
    try {
      response = await send(out.call, out.body, token);
    } catch (error) {
      const timedOut = (error as { kind?: string }).kind === 'timeout';
      const msg = t(timedOut ? 'kernel:message.network_timeout' : 'kernel:message.server_exception');
      dialogs.toast(msg);
      throw new CallError({ msg, reason: timedOut ? 'timeout' : 'network' });
    } finally {
      inFlight.delete(key);
    }

    if (response.status === 401 && out.call.path !== REFRESH_PATH) {
      if (token) {
        if (!replay && (await renewed(token))) return exchange(out, true);
        expired();
      }
      // Anonymous: a call that needs a login (spec §8: the modal, then the login page).
      nav.login();
    }
    if (response.status !== 200) failStatus(response.status, out.call);

    const reply = response.data;
    if (!isReply(reply)) {
      const msg = t('kernel:message.server_exception');
      dialogs.toast(msg);
      throw new CallError({ msg, status: 200, reason: 'network', data: reply });
    }
    if (reply.code !== 1 && out.options.toastError !== false && reply.msg) dialogs.toast(reply.msg);
    return reply;
  }

  async function run(out: Outgoing): Promise<Reply> {
    const hide = out.options.loading ? dialogs.loading() : null;
    try {
      return await exchange(out, false);
    } finally {
      hide?.();
    }
  }

  const http: Http = {
    call<C extends CallDef>(call: C, payload: PayloadIn<C>, options: CallOptions = {}) {
      const body = payload ?? {};
      return run({ call, body, fingerprint: JSON.stringify(body), options }) as Promise<Reply<ReplyOf<C>>>;
    },
    async data<C extends CallDef>(call: C, payload: PayloadIn<C>, options?: CallOptions) {
      const reply = await http.call(call, payload, options);
      if (reply.code !== 1) throw new CallError({ code: reply.code, msg: reply.msg, data: reply.data, status: 200, reason: 'business' });
      return reply.data;
    },
    upload<C extends CallDef>(call: C, file: Blob, fields: Record<string, string> = {}) {
      const form = new FormData();
      const name = file instanceof File ? file.name : 'upload';
      form.append('file', file, name);
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      const fingerprint = JSON.stringify({ name, size: file.size, type: file.type, fields });
      return run({ call, body: form, fingerprint, options: {} }) as Promise<Reply<ReplyOf<C>>>;
    },
  };
  return http;
}
