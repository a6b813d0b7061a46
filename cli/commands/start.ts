/** `storefront start`: serve the built app and the API on one port (seeding a fresh database first). */
import { Command, InvalidArgumentError, Option } from 'commander';
import { consoleLogger, isLogLevel, LOG_LEVELS, type LogLevel } from '@kernel/server/console-logger';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
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

export function startCommand(ctx: CliContext): Command {
  return new Command('start')
    .description('serve the app and the API, seeding a demo site on an empty database')
    .addOption(siteOption())
    .option('--port <port>', 'port to listen on (default: $PORT or 8080)', parsePort)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addOption(dataDirOption('where the database and uploads live'))
    .addOption(databaseUrlOption())
    .addOption(uploadsDirOption())
    .addOption(new Option('--log-level <level>', 'what the server logs; debug adds each background job turn (default: $LOG_LEVEL or info)').choices(LOG_LEVELS))
    .action(async (options: ServeOptions & { logLevel?: LogLevel }) => {
      const [{ startServer }, { appDataOf, connectionProblem }] = await Promise.all([
        import('@kernel/server/server'),
        import('../site-data'),
      ]);
      const port = options.port ?? (ctx.env.PORT ? parsePort(ctx.env.PORT) : 8080);
      const logger = consoleLogger(logLevelOf(ctx, options.logLevel));
      const { database, dataDir, databaseUrl, uploadsDir } = appDataOf(ctx, options);
      await startServer({
        root: ctx.root,
        site: siteOf(ctx, options),
        dataDir,
        databaseUrl,
        uploadsDir,
        port,
        host: options.host,
        logger,
        print: ctx.out,
      }).catch((error: NodeJS.ErrnoException) => {
        const unreachable = connectionProblem(error, database);
        if (unreachable) throw unreachable;
        if (error.code !== 'EADDRINUSE') throw error;
        throw new CliError(`port ${port} on ${options.host} is already in use (another storefront?); choose another with --port or PORT`, EXIT.environment);
      });
    });
}
