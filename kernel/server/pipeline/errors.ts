/**
 * Every failure leaves in the envelope, in the request's language: BizError → HTTP 200 code 0;
 * HttpError → its status; Fastify's own 4xx (unsupported media type, body too large) → that
 * status; anything else → 500, logged with the request. Unknown paths → 404.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BizError, HttpError } from '../../core/errors';
import type { Clock } from '../clock';
import type { ServerI18n } from '../i18n';
import { envelope } from '../reply';

export function installErrorReplies(app: FastifyInstance, i18n: ServerI18n, clock: Clock): void {
  const { failure } = envelope(clock);

  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof BizError) {
      return reply.status(200).send(failure(i18n.t(lang, error.key, error.params), error.data ?? null));
    }
    if (error instanceof HttpError) {
      return reply.status(error.status).send(failure(i18n.t(lang, error.key, error.params)));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const key = i18n.has(`kernel:http.${status}`) ? `kernel:http.${status}` : 'kernel:http.other';
      return reply.status(status).send(failure(i18n.t(lang, key, { status, url: request.url })));
    }
    request.log.error({ err: error }, 'call failed');
    return reply.status(500).send(failure(i18n.t(lang, 'kernel:http.500')));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(failure(i18n.t(request.lang, 'kernel:message.not_found', { path: request.url.split('?')[0] })));
  });
}
