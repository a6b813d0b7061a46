/**
 * Serves one contract call: plugin toggle (checked per request, so site edits apply without a
 * restart) → token → auth → owner → payload → handler (once per request key on an idempotent
 * call, ./idempotency.ts) → envelope. The signature and language are settled earlier, in the
 * request context hook; failures become envelopes in ./pipeline/errors.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallDef } from '../core/contract';
import { HttpError } from '../core/errors';
import type { Clock } from './clock';
import type { ServerI18n } from './i18n';
import { checkOwner } from './pipeline/owner';
import { parsePayload } from './pipeline/payload';
import { requestToken } from './pipeline/request-token';
import type { AuthUser, CallContext, Db, Extensions, Handler, HandleOptions, Lang, ServerServices } from './plugin';
import { REQUEST_KEY_FIELD, refuseUnlessRepeat, runOnce } from './idempotency';
import { envelope } from './reply';
import { connectionsOf, turns } from './turns';
import type { LiveSiteConfig } from './site-config';

/** The kernel's own calls are served under this name and are never disabled. */
export const KERNEL = 'kernel';

export interface CallDeps {
  db: Db;
  extensions: Extensions;
  services: ServerServices;
  site: LiveSiteConfig;
  i18n: ServerI18n;
  clock: Clock;
}

export interface CallRoute {
  plugin: string;
  call: CallDef;
  handler: Handler<CallDef, Record<string, unknown>>;
  options?: HandleOptions;
}

export function registerCall(app: FastifyInstance, route: CallRoute, deps: CallDeps): void {
  const { plugin, call, options = {} } = route;
  const { success, failure } = envelope(deps.clock);
  const handler = options.idempotent ? oncePerKey(route, deps) : withBefore(route);

  app.route({
    method: call.method,
    url: call.path,
    handler: async (request) => {
      const lang = request.lang;
      if (plugin !== KERNEL && !deps.site.isEnabled(plugin)) {
        return failure(deps.i18n.t(lang, 'kernel:message.plugin_disabled', { plugin }), { plugin });
      }
      const token = requestToken(request);
      const user = token ? await deps.services.tokens.authenticate(token) : null;
      if (call.auth === 'required' && !user) {
        throw new HttpError(401, token ? 'kernel:message.token_invalid' : 'kernel:message.login_required');
      }
      // Multipart calls read their parts in the handler; their payload schema sees no body.
      // An empty body is `{}` (./pipeline/json-body.ts); a `null`, array or scalar body is refused by parsePayload.
      const raw = call.multipart ? {} : call.method === 'GET' ? request.query : request.body === undefined ? {} : request.body;
      checkOwner(call, raw, user);
      const payload = parsePayload(call, raw, deps.i18n);
      const ctx = callContext(request, plugin, user, deps);
      const data = await handler(payload as never, ctx);
      return success(data === undefined ? null : data);
    },
  });
}

/** The handler of an idempotent call: a payload with a request key runs once per key (./idempotency.ts). */
function oncePerKey({ plugin, call, handler, options = {} }: CallRoute, deps: CallDeps): CallRoute['handler'] {
  const fields = (call.payload as { def?: { shape?: Record<string, unknown> } }).def?.shape ?? {};
  if (call.auth !== 'required' || !(REQUEST_KEY_FIELD in fields)) {
    throw new Error(`plugin \`${plugin}\`: the idempotent call ${call.path} must require a login (auth: 'required') and take \`${REQUEST_KEY_FIELD}: requestKey()\` in its payload`);
  }
  const keyless = withBefore({ plugin, call, handler, options });
  const { before, refuseEarly } = options;
  // A call refusing from memory asks again at its turn (./turns.ts).
  const turn = refuseEarly ? turns(connectionsOf(deps.db)) : null;
  return async (payload, ctx) => {
    const key = (payload as Record<string, unknown>)[REQUEST_KEY_FIELD];
    if (typeof key !== 'string') return keyless(payload, ctx);
    const request = { userId: ctx.requireUser().id, path: call.path, key, payload, now: deps.clock.nowSeconds(), isolation: options.isolation };
    const run = () => runOnce(deps.db, request, (db) => Promise.resolve(handler(payload, { ...ctx, db })), before && (() => before(payload, ctx)));
    if (!refuseEarly || !turn) return run();
    const refuse = () => refuseEarly(payload, ctx);
    await refuseUnlessRepeat(deps.db, request, refuse);
    return turn(async () => (await refuseUnlessRepeat(deps.db, request, refuse), run()));
  };
}

/** The handler after the call's early refusal and `before` work (HandleOptions), when it has them. */
function withBefore({ handler, options = {} }: CallRoute): CallRoute['handler'] {
  const { before, refuseEarly } = options;
  if (!before && !refuseEarly) return handler;
  return async (payload, ctx) => {
    refuseEarly?.(payload, ctx);
    if (before) await before(payload, ctx);
    return handler(payload, ctx);
  };
}

function callContext(request: FastifyRequest, plugin: string, user: AuthUser | null, deps: CallDeps): CallContext {
  return {
    ...pluginScope(plugin, request.lang, deps),
    user,
    requireUser() {
      if (!user) throw new HttpError(401, 'kernel:message.login_required');
      return user;
    },
    ip: request.ip,
    request,
  };
}

/** What a plugin's handler sees of the site whatever brought the work (a call, a socket message): read now, so edits apply live. */
export function pluginScope(plugin: string, lang: Lang, deps: CallDeps) {
  const site = deps.site.current();
  return {
    lang,
    db: deps.db,
    site: site.file.site,
    siteName: site.name,
    settings: site.settings.get(plugin) ?? {},
    settingsOf: (id: string) => site.settings.get(id) ?? {},
    services: deps.services,
    t: (key: string, params?: Record<string, string | number>) => deps.i18n.t(lang, key, params),
    extensions: deps.extensions,
  };
}
