/**
 * `storefront start`: serve the built app and the API on one port. A shop starts empty; `--demo`
 * (or $STOREFRONT_DEMO=1) seeds the demo site. Each option falls back on its environment variable.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { isLogLevel, LOG_LEVELS, type LogLevel } from '@kernel/server/logger';
import { parseTrustProxy, type TrustProxy } from '@kernel/server/trust-proxy';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import { metricsOf } from '../metrics-env';
import { messagesOf, uploadStoreOf } from '../env-config';
import { serverLogger } from '../server-logger';
import { siteOf, type CliContext } from '../context';
import { dataDirOption, databaseUrlOption, siteOption, uploadsDirOption } from '../options';

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError(`"${value}" is not a port number`);
  return port;
}

/** What `start` and `dev` take alike. */
export interface ServeOptions {
  site?: string;
  port?: number;
  host: string;
  dataDir?: string;
  databaseUrl?: string;
  uploadsDir?: string;
}

/** The level `--log-level` names, else $LOG_LEVEL, else info; a $LOG_LEVEL that names none is refused. */
export function logLevelOf(ctx: CliContext, option: LogLevel | undefined): LogLevel {
  if (option) return option;
  const fromEnv = ctx.env.LOG_LEVEL?.trim();
  if (!fromEnv) return 'info';
  if (isLogLevel(fromEnv)) return fromEnv;
  throw new CliError(`$LOG_LEVEL is "${fromEnv}", which is not a log level: use one of ${LOG_LEVELS.join(', ')}`, EXIT.environment);
}

/** `--host`, else $HOST, else loopback only (a container sets HOST=0.0.0.0). */
export const hostOf = (ctx: CliContext, option: string | undefined): string => option ?? (ctx.env.HOST?.trim() || '127.0.0.1');

/** `--trust-proxy`, else $TRUST_PROXY, else trust no proxy: a forged X-Forwarded-For would dodge per-IP limits. */
export function trustProxyOf(ctx: CliContext, option: TrustProxy | undefined): TrustProxy {
  if (option !== undefined) return option;
  const fromEnv = ctx.env.TRUST_PROXY;
  if (fromEnv === undefined) return false;
  try {
    return parseTrustProxy(fromEnv);
  } catch (error) {
    throw new CliError(`$TRUST_PROXY: ${(error as Error).message}`, EXIT.environment);
  }
}

/** `--demo`, else $STOREFRONT_DEMO (1 or true; empty, 0 or false is a shop). */
export function demoOf(ctx: CliContext, option: boolean | undefined): boolean {
  if (option) return true;
  const fromEnv = ctx.env.STOREFRONT_DEMO?.trim().toLowerCase() ?? '';
  if (fromEnv === '1' || fromEnv === 'true') return true;
  if (fromEnv === '' || fromEnv === '0' || fromEnv === 'false') return false;
  throw new CliError(`$STOREFRONT_DEMO is "${ctx.env.STOREFRONT_DEMO}": use 1 for the demo shop, or leave it unset`, EXIT.environment);
}

/** $SHUTDOWN_TIMEOUT_MS, else 10 s: how long a graceful shutdown may take before the process exits anyway. */
export function shutdownTimeoutOf(ctx: CliContext): number | undefined {
  const fromEnv = ctx.env.SHUTDOWN_TIMEOUT_MS?.trim();
  if (!fromEnv) return undefined;
  const ms = Number(fromEnv);
  if (Number.isInteger(ms) && ms > 0) return ms;
  throw new CliError(`$SHUTDOWN_TIMEOUT_MS is "${fromEnv}", which is not a number of milliseconds (for example 10000)`, EXIT.environment);
}

const trustProxyArgument = (value: string): TrustProxy => {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
};

export function startCommand(ctx: CliContext): Command {
  return new Command('start')
    .description('serve the app and the API (a shop of its own; --demo for the demo site)')
    .addOption(siteOption())
    .option('--port <port>', 'port to listen on (default: $PORT or 8080)', parsePort)
    .option('--host <host>', 'address to listen on (default: $HOST or 127.0.0.1)')
    .option('--demo', 'seed the demo site on an empty database and allow its published logins (default: $STOREFRONT_DEMO=1)')
    .option('--trust-proxy <value>', 'behind a reverse proxy: true, a hop count, or the proxies\' addresses/CIDRs, comma-separated (default: $TRUST_PROXY, else none)', trustProxyArgument)
    .addOption(dataDirOption('where the database and uploads live'))
    .addOption(databaseUrlOption())
    .addOption(uploadsDirOption())
    .addOption(new Option('--log-level <level>', 'what the server logs; debug adds each background job turn (default: $LOG_LEVEL or info)').choices(LOG_LEVELS))
    .addHelpText(
      'after',
      `
A new shop starts empty: create the first staff member with \`storefront user add <username> --staff\`.

Examples:
  $ storefront start --demo
  $ HOST=0.0.0.0 TRUST_PROXY=10.0.0.0/8 DATABASE_URL=postgres://shop:secret@db/shop storefront start`,
    )
    .action(async (options: Omit<ServeOptions, 'host'> & { host?: string; logLevel?: LogLevel; demo?: boolean; trustProxy?: TrustProxy }) => {
      const [{ startServer, DemoLoginsError }, { appDataOf, connectionProblem }] = await Promise.all([
        import('@kernel/server/server'),
        import('../site-data'),
      ]);
      const port = options.port ?? (ctx.env.PORT ? parsePort(ctx.env.PORT) : 8080);
      const host = hostOf(ctx, options.host);
      const demo = demoOf(ctx, options.demo);
      const trustProxy = trustProxyOf(ctx, options.trustProxy);
      const shutdownTimeoutMs = shutdownTimeoutOf(ctx);
      const logger = serverLogger({ env: ctx.env, isTTY: ctx.isTTY ?? false, level: logLevelOf(ctx, options.logLevel) });
      const metrics = metricsOf(ctx.env);
      const messages = messagesOf(ctx.env);
      const uploadStore = uploadStoreOf(ctx.env);
      const { database, dataDir, databaseUrl, uploadsDir } = appDataOf(ctx, options);
      await startServer({
        root: ctx.root,
        site: siteOf(ctx, options),
        dataDir,
        databaseUrl,
        uploadsDir,
        uploadStore,
        port,
        host,
        demo,
        trustProxy,
        shutdownTimeoutMs,
        logger,
        metrics,
        messages,
        print: ctx.out,
      }).catch((error: NodeJS.ErrnoException) => {
        const unreachable = connectionProblem(error, database);
        if (unreachable) throw unreachable;
        if (error instanceof DemoLoginsError) throw new CliError(error.problem, EXIT.refused, error.remedies);
        if (error.code !== 'EADDRINUSE') throw error;
        throw new CliError(`port ${port} on ${host} is already in use (another storefront?); choose another with --port or PORT`, EXIT.environment);
      });
    });
}
