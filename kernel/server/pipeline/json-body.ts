/**
 * JSON bodies as the spec's client sends them: an empty body counts as `{}` (calls whose
 * payload is "empty"), and broken JSON is a bad payload (code 0), not a crash.
 */
import type { FastifyInstance } from 'fastify';
import { PayloadSyntaxError } from './payload';

export function installJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new PayloadSyntaxError(), undefined);
    }
  });
}
