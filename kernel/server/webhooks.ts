/**
 * Webhooks: requests a third party sends on its own terms (a payment provider's notification),
 * declared by a plugin under `webhooks` in its server manifest. They live under
 * `/notify/<plugin id>/…`, outside `/api/`, so no app signature is asked (the handler checks the
 * sender's own); the body reaches the handler as the raw text it came as, whatever its content
 * type, for a signature over its bytes; and the handler's reply goes out as it is, not in an
 * envelope. A disabled plugin's webhooks answer 404.
 */
import type { FastifyInstance } from 'fastify';
import { pluginScope, type CallDeps } from './call-route';
import type { ServerPlugin, Webhook } from './plugin';

export const WEBHOOK_PREFIX = '/notify/';

export function installWebhooks(app: FastifyInstance, plugins: readonly ServerPlugin[], deps: CallDeps): void {
  const hooks = plugins.flatMap((plugin) => (plugin.webhooks ?? []).map((hook: Webhook) => ({ plugin: plugin.id, hook })));
  for (const { plugin, hook } of hooks) {
    if (!hook.path.startsWith(`${WEBHOOK_PREFIX}${plugin}/`)) throw new Error(`plugin \`${plugin}\`: the webhook ${hook.path} must live under ${WEBHOOK_PREFIX}${plugin}/`);
  }
  if (hooks.length === 0) return;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    for (const { plugin, hook } of hooks) {
      scope.post(hook.path, async (request, reply) => {
        if (!deps.site.isEnabled(plugin)) return reply.code(404).type('text/plain; charset=utf-8').send('not found');
        const body = typeof request.body === 'string' ? request.body : '';
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
        const answer = await hook.handle({ body, headers, params: request.params as Record<string, string> }, pluginScope(plugin, request.lang, deps));
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      });
    }
  });
}
