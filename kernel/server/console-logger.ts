/**
 * A human-readable logger for `storefront start` (Fastify's default prints JSON lines, which
 * suit log collectors, not a developer watching a terminal): `12:03:04 INFO  message`.
 */
import type { FastifyBaseLogger } from 'fastify';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type Level = keyof typeof LEVELS;

/** What an operator may ask the logger for, most talkative first (`storefront start --log-level`). */
export const LOG_LEVELS = [...(Object.keys(LEVELS) as Level[]), 'silent'] as const;
export type LogLevel = Level | 'silent';

export const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

export type LineWriter = (line: string, level: Level) => void;

const defaultWriter: LineWriter = (line, level) => (LEVELS[level] >= LEVELS.warn ? process.stderr : process.stdout).write(`${line}\n`);

export function consoleLogger(level: LogLevel = 'info', write: LineWriter = defaultWriter): FastifyBaseLogger {
  const threshold = level === 'silent' ? Infinity : LEVELS[level];
  const emit = (name: Level) => (first?: unknown, ...rest: unknown[]) => {
    if (LEVELS[name] < threshold) return;
    const object = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : null;
    const message = object ? rest.map(String).join(' ') : [first, ...rest].map(String).join(' ');
    const error = object?.err instanceof Error ? object.err : first instanceof Error ? first : null;
    const time = new Date().toTimeString().slice(0, 8);
    const text = error && !message ? error.message : message;
    write(`${time} ${name.toUpperCase().padEnd(5)} ${text}${error?.stack ? `\n${error.stack}` : ''}`, name);
  };
  const logger = {
    level,
    trace: emit('trace'),
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    fatal: emit('fatal'),
    silent: () => undefined,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}
