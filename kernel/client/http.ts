/**
 * The Http service (DESIGN §4, spec §7, §8): contract calls over the wire of http-transport.ts,
 * an axios instance whose interceptors sign, cancel duplicates, check the reply envelope, show
 * the "service error" modal and refresh the token on 401. This side only shapes the calls and
 * holds the loading mask; the wire loads on the first call, so the first screen carries none of it.
 */
import type { CallDef, PayloadIn, ReplyOf } from '../core/contract';
import type { Reply } from '../core/envelope';
import { CallError } from './call-error';
import type { CallOptions, Http, UploadOptions } from './kernel';
import type { HttpDeps, Outgoing, Transport } from './http-transport';

export type { HttpDeps } from './http-transport';

/** Loads the wire (axios, the signer and spark-md5) as a chunk of its own. */
const loadTransport = (deps: HttpDeps): Promise<Transport> => import('./http-transport').then((module) => module.createTransport(deps));

export function createHttp(deps: HttpDeps): Http {
  let transport: Promise<Transport> | null = null;
  // Read as the call is made, not once the wire has loaded: a call goes out as whoever made it.
  const token = () => deps.session.state.user?.token ?? '';

  /** Loaded on the first call: the first screen's data comes in the bootstrap, so axios waits until after it. */
  function wire(): Promise<Transport> {
    transport ??= loadTransport(deps).catch(() => {
      transport = null;
      // The chunk did not arrive: as a request that got no answer (the next call tries again).
      const msg = deps.i18n.t('kernel:message.server_exception');
      deps.dialogs.toast(msg);
      throw new CallError({ msg, reason: 'network' });
    });
    return transport;
  }

  async function run(out: Outgoing): Promise<Reply> {
    const hide = out.options.loading ? deps.dialogs.loading() : null;
    try {
      const send = await wire();
      return await send(out);
    } finally {
      hide?.();
    }
  }

  const http: Http = {
    call<C extends CallDef>(call: C, payload: PayloadIn<C>, options: CallOptions = {}) {
      const body = payload ?? {};
      return run({ call, body, fingerprint: JSON.stringify(body), options, token: token() }) as Promise<Reply<ReplyOf<C>>>;
    },
    async data<C extends CallDef>(call: C, payload: PayloadIn<C>, options?: CallOptions) {
      const reply = await http.call(call, payload, options);
      if (reply.code !== 1) throw new CallError({ code: reply.code, msg: reply.msg, data: reply.data, status: 200, reason: 'business' });
      return reply.data;
    },
    upload<C extends CallDef>(call: C, file: Blob, { fields = {}, onProgress }: UploadOptions = {}) {
      const form = new FormData();
      const name = file instanceof File ? file.name : 'upload';
      form.append('file', file, name);
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      const fingerprint = JSON.stringify({ name, size: file.size, type: file.type, fields });
      return run({ call, body: form, fingerprint, options: {}, token: token(), onProgress }) as Promise<Reply<ReplyOf<C>>>;
    },
  };
  return http;
}
