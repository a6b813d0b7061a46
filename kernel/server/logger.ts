/**
 * The server's logger: pino, which Fastify runs on. JSON lines for log collectors in production,
 * or pino-pretty's readable lines on a terminal (`12:03:04 INFO: site reloaded`), chosen by
 * `LOG_FORMAT`. Both are written synchronously by this process (no transport thread), so a line
 * logged just before a forced exit is not lost and a child process's lines reach its terminal.
 * (Writing without waiting saved nothing measurable on a buy-now in the bench.)
 *
 * Secrets never reach a line (./log-redaction.ts): fields by pino's `redact`, message text by a
 * hook, requests and errors by the serializers. `child()` keeps its bindings, so every line of a
 * request carries Fastify's `reqId`.
 */
import pino, { type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';
import { attachPlain } from './log-plain';
import { censorText, REDACT_PATHS, REDACTED } from './log-redaction';
import { logSerializers, prettyRequestLine } from './request-log';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/** What an operator may ask the logger for, most talkative first (`storefront start --log-level`). */
export const LOG_LEVELS = [...LEVELS, 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

/** `json` lines for a collector, `pretty` lines for a person (`LOG_FORMAT`). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export const isLogFormat = (value: string): value is LogFormat => (LOG_FORMATS as readonly string[]).includes(value);

export interface LoggerOptions {
  level?: LogLevel;
  /** Default `json`. */
  format?: LogFormat;
  /** Colour the pretty lines (a terminal that takes colour). */
  colour?: boolean;
  /** Where each line goes (with its newline); default stdout. */
  write?: (text: string) => void;
  /** Lines whose message this returns true for are not written (the dev API hides Fastify's internal "listening at"). */
  hide?: (message: string) => boolean;
}

export type { Logger };

export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write ?? stdoutWriter();
  const format = options.format ?? 'json';
  const pretty = format === 'pretty' ? prettyFactory({ colorize: options.colour ?? false, ...PRETTY }) : null;
  const { hide } = options;
  const stream = { write: (line: string) => write(pretty ? pretty(line) : line) };
  const logger = pino(
    {
      level: options.level ?? 'info',
      redact: { paths: [...REDACT_PATHS], censor: REDACTED },
      serializers: logSerializers,
      hooks: {
        // The message text is censored like the fields: a code or mobile interpolated into it is masked.
        logMethod(args, method) {
          const at = typeof args[0] === 'string' ? 0 : 1;
          if (typeof args[at] === 'string' && hide?.(args[at])) return;
          // Values given for %s placeholders too.
          const censored = args.map((arg, i) => (i >= at && typeof arg === 'string' ? censorText(arg) : arg)) as Parameters<typeof method>;
          return method.apply(this, censored);
        },
      },
    },
    stream,
  );
  attachPlain(logger, pino({ level: 'trace', serializers: logSerializers }, stream));
  return logger;
}

/** Readable lines: the time, the level, the message (a request as `GET /path 200 3 ms`), its request id; an error's stack below. */
const PRETTY = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat: prettyRequestLine,
  singleLine: false,
} as const;

/** Synchronous writes to stdout, with pino's handling of a full pipe. */
function stdoutWriter(): (text: string) => void {
  const destination = pino.destination({ dest: 1, sync: true });
  return (text) => destination.write(text);
}
