/**
 * Sites may point the app at an API on another origin (`apiUrl`). Credentials travel in
 * headers, never cookies, so any origin may call; preflights are answered before the signature check.
 */
import type { FastifyInstance } from 'fastify';

const ALLOWED_HEADERS = 'Content-Type, App-Use, Lang, Token, Timestamp, App-Key, Authorization';

export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', '86400')
        .status(204)
        .send();
      return reply;
    }
  });
}
