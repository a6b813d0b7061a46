/**
 * Each request's logger (Fastify's `request.log`), made only when the request logs something of
 * its own. Fastify makes a pino child per request, its `reqId` bound; with redaction on, pino runs
 * every redaction path over those bindings, parsing each path anew: about 8 µs of the server's CPU
 * and 7 kB of garbage a request (issue #25's profiles), for a logger most requests never use. The
 * summary line of a request carries its `reqId` itself (./request-log.ts).
 *
 * The object Fastify gets inherits everything of the parent logger (its level, `isLevelEnabled`,
 * its twin of ./log-plain.ts); a log method that writes, `child()` and `bindings()` make the real
 * child first, once. A route with its own log options gets its child at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
const BINDINGS = Symbol('storefront.requestBindings');
const CHILD = Symbol('storefront.requestChild');

interface LazyChild {
  [BINDINGS]: Bindings;
  [CHILD]?: Logger;
}

/** Per parent logger: the prototype of its lazy children. */
const prototypes = new WeakMap<Logger, object>();

function prototypeOf(parent: Logger): object {
  let proto = prototypes.get(parent);
  if (proto) return proto;
  const real = (lazy: LazyChild): Logger => (lazy[CHILD] ??= parent.child(lazy[BINDINGS]));
  const methods: Record<string, unknown> = {
    child(this: LazyChild, bindings: Bindings, options?: ChildLoggerOptions) {
      return real(this).child(bindings, options);
    },
    bindings(this: LazyChild) {
      return real(this).bindings();
    },
  };
  for (const level of LEVELS) {
    methods[level] = function (this: LazyChild, ...args: unknown[]) {
      if (parent.isLevelEnabled(level)) (real(this)[level] as (...a: unknown[]) => void)(...args);
    };
  }
  proto = Object.assign(Object.create(parent) as object, methods);
  prototypes.set(parent, proto);
  return proto;
}

/** Fastify's `childLoggerFactory`. */
export function lazyRequestLogger(this: unknown, logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as unknown as Logger;
  if (Object.keys(options).length > 0 || typeof parent.isLevelEnabled !== 'function') return logger.child(bindings, options);
  const lazy = Object.create(prototypeOf(parent)) as LazyChild;
  lazy[BINDINGS] = bindings;
  return lazy as unknown as FastifyBaseLogger;
}
