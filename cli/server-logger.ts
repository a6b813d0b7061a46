/**
 * The logger of a server the CLI runs (`storefront start`, the API under `storefront dev`): the
 * level `--log-level` or $LOG_LEVEL names, JSON lines or readable ones as $LOG_FORMAT says —
 * readable on a terminal, JSON lines for whatever collects a service's output otherwise.
 */
import { createLogger, isLogFormat, LOG_FORMATS, type LogFormat, type Logger, type LogLevel } from '@kernel/server/logger';
import { CliError } from './cli-error';
import { EXIT } from './exit-codes';
import { colourEnabled } from './output';

/** $LOG_FORMAT, else `pretty` when stdout is a terminal and `json` when it is not; a value that names no format is refused. */
export function logFormatOf(env: NodeJS.ProcessEnv, isTTY: boolean): LogFormat {
  const fromEnv = env.LOG_FORMAT?.trim().toLowerCase();
  if (!fromEnv) return isTTY ? 'pretty' : 'json';
  if (isLogFormat(fromEnv)) return fromEnv;
  throw new CliError(`$LOG_FORMAT is "${env.LOG_FORMAT}", which is not a log format: use ${LOG_FORMATS.join(' or ')}`, EXIT.environment);
}

export interface ServerLoggerOptions {
  env: NodeJS.ProcessEnv;
  /** Whether stdout, where the lines go, is a terminal. */
  isTTY: boolean;
  level: LogLevel;
  hide?: (message: string) => boolean;
}

export function serverLogger({ env, isTTY, level, hide }: ServerLoggerOptions): Logger {
  return createLogger({ level, format: logFormatOf(env, isTTY), colour: colourEnabled(env, isTTY), hide });
}
