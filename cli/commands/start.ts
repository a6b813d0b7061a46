/** `storefront start`: serve the built app and the API on one port (seeding a fresh database first). */
import { Command, InvalidArgumentError } from 'commander';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import { siteOf, type CliContext } from '../context';
import { dataDirOption, siteOption } from '../options';

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError(`"${value}" is not a port number`);
  return port;
}

export function startCommand(ctx: CliContext): Command {
  return new Command('start')
    .description('serve the app and the API, seeding a demo site on an empty database')
    .addOption(siteOption())
    .option('--port <port>', 'port to listen on (default: $PORT or 8080)', parsePort)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addOption(dataDirOption('where the database and uploads live'))
    .action(async (options: { site?: string; port?: number; host: string; dataDir?: string }) => {
      const { startServer } = await import('@kernel/server/server');
      const port = options.port ?? (ctx.env.PORT ? parsePort(ctx.env.PORT) : 8080);
      await startServer({
        root: ctx.root,
        site: siteOf(ctx, options),
        dataDir: options.dataDir ?? ctx.env.STOREFRONT_DATA_DIR,
        port,
        host: options.host,
        print: ctx.out,
      }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE') throw error;
        throw new CliError(`port ${port} on ${options.host} is already in use (another storefront?); choose another with --port or PORT`, EXIT.environment);
      });
    });
}
