/**
 * `storefront dev`: one URL for a developer. Vite serves the app from source (React fast refresh);
 * the API runs in a child process that restarts when server code changes (see cli/dev/), and
 * API paths are forwarded to it. The site file needs no restart: the API reloads it live.
 */
import { Command } from 'commander';
import { CliError } from '../cli-error';
import { outputFor, siteOf, type CliContext } from '../context';
import type { SupervisorEvents } from '../dev/api-supervisor';
import { EXIT } from '../exit-codes';
import { readSiteText } from '../sites';
import { parsePort, type ServeOptions } from './start';
import { siteOption, dataDirOption, databaseUrlOption, uploadsDirOption } from '../options';
import { uploadStoreOf } from '../env-config';

export function devCommand(ctx: CliContext): Command {
  return new Command('dev')
    .description('develop: the app with hot reload and the API, restarted when server code changes, on one URL')
    .addOption(siteOption())
    .option('--port <port>', 'port to listen on (default: $PORT or 5173)', parsePort)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addOption(dataDirOption('where the database, uploads and Vite’s dependency cache live'))
    .addOption(databaseUrlOption('the API’s database'))
    .addOption(uploadsDirOption())
    .addHelpText(
      'after',
      `
The app reloads in place as you edit pages, stores and kernel/client. Saving server code
(kernel/core, kernel/server, a plugin's server.ts, service, contract, migrations, i18n) or adding a
plugin folder restarts the API; editing the site file needs no restart.

Examples:
  $ storefront dev
  $ storefront dev --site shop-b --port 3000`,
    )
    .action((options: ServeOptions) => runDev(ctx, options));
}

async function runDev(ctx: CliContext, options: ServeOptions): Promise<void> {
  const [{ urlOf }, { createApiSupervisor }, { startDevServer }, { appDataOf, dataDirOf }] = await Promise.all([
    import('@kernel/server/server'),
    import('../dev/api-supervisor'),
    import('../dev/dev-server'),
    import('../site-data'),
  ]);
  const output = outputFor(ctx);
  const site = siteOf(ctx, options);
  readSiteText(ctx.root, site); // a missing site is named before anything starts
  const port = options.port ?? (ctx.env.PORT ? parsePort(ctx.env.PORT) : 5173);
  const dataDir = dataDirOf(ctx, options);
  const data = appDataOf(ctx, options); // a bad database URL is named before anything starts

  let announced = false;
  let url = ''; // known once the server listens, before the API first reports
  const announce = (notes: readonly string[]) => {
    if (announced) return;
    announced = true;
    output.success(`Storefront dev (site \`${site}\`) is running at ${output.bold(url)}`);
    for (const note of notes) output.line(`  ${note}`);
    output.line(output.dim('  Watching for changes: the app updates in place; server code restarts the API.'));
  };
  const events: SupervisorEvents = {
    restarting: (reason) => output.line(`${output.yellow('↻')} ${reason} changed: restarting the API`),
    ready: ({ notes, ms, first }) => {
      if (!announced) return announce(notes);
      output.success(`API ready (${(ms / 1000).toFixed(1)} s)`);
      // After a first boot that failed, the demo logins are news.
      if (first) for (const note of notes) output.line(`  ${note}`);
    },
    failed: (message) => {
      announce([]);
      output.problem(`the API cannot start:`);
      for (const line of message.split('\n')) ctx.err(`  ${line}`);
      output.line(output.dim('  Waiting for a change to restart it.'));
    },
    exited: (code, signal) => output.warn(`the API stopped (${signal ?? `code ${code}`}); waiting for a change to restart it`),
  };
  // Checked here, once, rather than on each restart of the API's process.
  uploadStoreOf(ctx.env);
  const api = createApiSupervisor({ root: ctx.root, site, dataDir: data.dataDir, databaseUrl: data.databaseUrl, uploadsDir: data.uploadsDir, env: ctx.env, events });

  const server = await startDevServer({ root: ctx.root, site, port, host: options.host, dataDir, api }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    throw new CliError(`port ${port} on ${options.host} is already in use (another storefront dev?); choose another with --port or PORT`, EXIT.environment);
  });
  url = urlOf(options.host, server.port);

  const stopped = untilSignal();
  try {
    // A signal during the first boot stops it too.
    await Promise.race([api.start(), stopped]);
    await stopped;
  } finally {
    await api.stop();
    await server.close();
  }
}

/** Resolves on the first SIGINT or SIGTERM. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
