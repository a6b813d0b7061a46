/**
 * A logger's twin without field redaction, for lines made only of fields the serializers censor
 * (a request's summary, ./request-log.ts): matching every redaction path of ./log-redaction.ts
 * against every field of such a line cost a request about 25 µs of CPU, on the event loop.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';

const PLAIN = Symbol('storefront.plainLogger');

/** Gives `logger` (./logger.ts) its twin; its children, made with Object.create from it, reach it too. */
export function attachPlain(logger: Logger, plain: Logger): void {
  Object.defineProperty(logger, PLAIN, { value: plain });
}

/**
 * Writes `line` as a line of `log` (its level check) through its twin, with `bindings` (those of
 * `log` the line must carry, e.g. `{ reqId }`: reading them back from `log` means parsing them);
 * a logger without a twin logs `line` as usual.
 */
export function writeCensored(log: FastifyBaseLogger, level: 'info' | 'debug', bindings: object, line: object, message: string): void {
  const logger = log as Logger & { [PLAIN]?: Logger };
  const plain = logger[PLAIN];
  if (!plain) return void log[level](line, message);
  if (!logger.isLevelEnabled(level)) return;
  plain[level]({ ...bindings, ...line }, message);
}
