/**
 * `storefront start`: one port for the built app and the API. Creates `<root>/data` on first
 * start, migrates, seeds a fresh database, listens, prints the URL and the demo logins, and
 * shuts down cleanly on SIGINT/SIGTERM.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createApp } from './app';
import { pluginsMissingFromBuild } from './build-check';
import { consoleLogger } from './console-logger';
import { seedNotes, seedSite } from './seed';
import type { Clock } from './clock';

export interface StartOptions {
  root: string;
  site?: string;
  port?: number;
  host?: string;
  /** Default `<root>/data`. */
  dataDir?: string;
  /** A `postgres://` URL (DATABASE_URL); default the SQLite file `<dataDir>/<site>.sqlite`. */
  databaseUrl?: string;
  /** Default `<dataDir>/uploads`; several nodes share one folder. */
  uploadsDir?: string;
  /** Default `<root>/dist` (the Vite build). */
  distDir?: string;
  /** Serve the built app too (default true); `storefront dev` runs the API alone behind Vite. */
  serveApp?: boolean;
  logger?: FastifyBaseLogger;
  /** Where the URL and notes go (default stdout). */
  print?: (line: string) => void;
  /** Install SIGINT/SIGTERM handlers (default true; tests turn it off). */
  handleSignals?: boolean;
  /** Default the system's; the browser suite's server moves one (tests/e2e/serve.ts). */
  clock?: Clock;
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  notes: string[];
  close(): Promise<void>;
}

/** The URL to print for a listening address: a wildcard host reads as 127.0.0.1, IPv6 in brackets. */
export function urlOf(host: string | undefined, port: number): string {
  const shown = host && host !== '0.0.0.0' && host !== '::' ? host : '127.0.0.1';
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { root } = options;
  const site = options.site ?? 'default';
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const distDir = options.distDir ?? path.join(root, 'dist');
  const serveApp = options.serveApp !== false;
  const app = await createApp({
    root,
    site,
    dataDir: options.dataDir ?? path.join(root, 'data'),
    databaseUrl: options.databaseUrl,
    uploadsDir: options.uploadsDir,
    serveApp: serveApp ? { distDir } : undefined,
    logger: options.logger ?? consoleLogger('info'),
    clock: options.clock,
  });

  let closing: Promise<void> | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    app.log.info(`${signal}: shutting down`);
    void close();
  };
  const close = () => {
    closing ??= (async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await app.close();
    })();
    return closing;
  };

  try {
    const { seeded } = await seedSite(app);
    if (seeded.length > 0) app.log.info(`seeded demo data: ${seeded.join(', ')}`);
    const notes = await seedNotes(app);
    // Jobs catch up on what fell due while the server was down (e.g. unpaid orders past their deadline).
    app.storefront.jobs.start();
    await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const url = urlOf(options.host, port ?? 8080);
    print(`Storefront (site \`${site}\`) is running at ${url}`);
    for (const note of notes) print(`  ${note}`);
    if (serveApp && !fs.existsSync(path.join(distDir, 'index.html'))) {
      print('  The app is not built yet: only the API answers. Run `npm run build` (or `npm start`, which builds first).');
    } else if (serveApp) {
      const unbuilt = pluginsMissingFromBuild(root, distDir);
      if (unbuilt.length > 0) {
        print(`  Not in the build yet (their calls answer, their pages do not): ${unbuilt.join(', ')}. Run \`npm run build\`, or use \`storefront dev\`.`);
      }
    }
    if (options.handleSignals !== false) {
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
    }
    return { app, url, notes, close };
  } catch (error) {
    await close();
    throw error;
  }
}
