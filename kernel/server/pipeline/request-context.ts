/**
 * What the pipeline learns about a request before the handler runs: its language (from the
 * `Lang` header) and whether it is correctly signed. Only `/api/` paths are signed; the
 * OpenAPI document is public so a developer can open it in a browser.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../core/errors';
import type { Clock } from '../clock';
import { parseLang } from '../i18n';
import type { Lang } from '../plugin';
import { checkSignature, type AppCredentials } from './signature';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

export const UNSIGNED_PATHS = new Set(['/api/docs']);

/** `unsigned`: more paths without a signature (the WebSocket hub: browsers cannot set its headers). */
export function installRequestContext(app: FastifyInstance, credentials: () => AppCredentials, clock: Clock, unsigned: readonly string[] = []): void {
  app.decorateRequest('lang', 'zh-Hans');
  app.addHook('onRequest', async (request) => {
    request.lang = parseLang(request.headers.lang);
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/') || UNSIGNED_PATHS.has(path) || unsigned.includes(path.replace(/\/+$/, ''))) return;
    const problem = checkSignature(request.headers, credentials(), clock.now());
    if (problem) throw new HttpError(403, problem);
  });
}
