/**
 * Every failure leaves in the envelope, in the request's language: BizError and FieldsError →
 * HTTP 200 code 0 (a refusal naming fields carries them all, see ./refusal.ts); HttpError → its status; Fastify's own 4xx (unsupported media type, body too large) → that
 * status; a database conflict that outlived its retries (kernel/server/db-postgres.ts `isBusy`) →
 * HTTP 200 code 0 "busy, please try again": a refusal the shopper can act on, shown where the app
 * shows refusals (any other status opens the client's "service error" modal), logged as a warning;
 * anything else → 500, logged with the request. Unknown paths → 404.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BizError, FieldsError, HttpError } from '../../core/errors';
import type { Clock } from '../clock';
import { isBusy } from '../db-postgres';
import type { ServerI18n } from '../i18n';
import { envelope } from '../reply';
import { fieldRefusal, withProblems } from './refusal';

export function installErrorReplies(app: FastifyInstance, i18n: ServerI18n, clock: Clock): void {
  const { failure } = envelope(clock);

  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof BizError) {
      const msg = i18n.t(lang, error.key, error.params);
      return reply.status(200).send(failure(msg, withProblems(error.data ?? null, msg)));
    }
    if (error instanceof FieldsError) {
      const { msg, data } = fieldRefusal(error.issues, lang, i18n);
      return reply.status(200).send(failure(msg, data));
    }
    if (error instanceof HttpError) {
      return reply.status(error.status).send(failure(i18n.t(lang, error.key, error.params)));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const key = i18n.has(`kernel:http.${status}`) ? `kernel:http.${status}` : 'kernel:http.other';
      return reply.status(status).send(failure(i18n.t(lang, key, { status, url: request.url })));
    }
    if (isBusy(error)) {
      request.log.warn({ err: error }, 'call refused as busy: a database conflict outlived its retries');
      return reply.status(200).send(failure(i18n.t(lang, 'kernel:message.busy')));
    }
    // The client went away mid-reply (a page navigated on, a tab closed): nobody waits for an
    // answer and nothing is broken, so no error line for an operator to chase.
    if (wentAway(error, request)) {
      request.log.debug({ err: error }, 'the client went away before the reply');
      return reply.status(500).send(failure(i18n.t(lang, 'kernel:http.500')));
    }
    // The one line of a 500: its method and URL, its stack, and (through request.log) its reqId.
    request.log.error({ err: error, req: request }, 'call failed');
    return reply.status(500).send(failure(i18n.t(lang, 'kernel:http.500')));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(failure(i18n.t(request.lang, 'kernel:message.not_found', { path: request.url.split('?')[0] })));
  });
}

/** A reply stream closed under it because the client disconnected (compression's stream says so first). */
function wentAway(error: Error, request: FastifyRequest): boolean {
  return (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' || request.raw.destroyed;
}
