/**
 * `storefront start`: one port for the built app and the API. Creates `<root>/data` on first
 * start, migrates, listens and prints the URL. A shop starts empty and refuses a database where
 * the demo's published logins still work; `demo: true` seeds the demo site instead and prints its
 * logins. SIGINT/SIGTERM shut down gracefully, forced after `shutdownTimeoutMs`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createApp } from './app';
import { markClosing } from './health';
import { pluginsMissingFromBuild } from './build-check';
import { createLogger } from './logger';
import type { MetricsOptions } from './metrics-http';
import type { MessagesConfig } from './services/transports/config';
import { demoLoginsInUse, seedNotes, seedSite } from './seed';
import type { Clock } from './clock';
import type { TrustProxy } from './trust-proxy';
import type { UploadStoreConfig } from './upload-store/config';

export interface StartOptions {
  root: string;
  site?: string;
  port?: number;
  host?: string;
  /** Default `<root>/data`. */
  dataDir?: string;
  /** A `postgres://` URL (DATABASE_URL); default the SQLite file `<dataDir>/<site>.sqlite`. */
  databaseUrl?: string;
  /** Default `<dataDir>/uploads`; several nodes share one folder, or keep uploads in a bucket (`uploadStore`). */
  uploadsDir?: string;
  /** The uploads folder (default), or an S3-compatible bucket (UPLOAD_STORE=s3, S3_BUCKET…). */
  uploadStore?: UploadStoreConfig;
  /** Default `<root>/dist` (the Vite build). */
  distDir?: string;
  /** Serve the built app too (default true); `storefront dev` runs the API alone behind Vite. */
  serveApp?: boolean;
  logger?: FastifyBaseLogger;
  /** Publish `/metrics` for a token (METRICS_TOKEN) or on an admin port (METRICS_PORT); unpublished by default. */
  metrics?: MetricsOptions;
  /** The message providers per channel (MAIL_TRANSPORT, SMS_TRANSPORT…); the local outbox by default. */
  messages?: MessagesConfig;
  /** Where the URL and notes go (default stdout). */
  print?: (line: string) => void;
  /** Install SIGINT/SIGTERM handlers (default true; tests turn it off). */
  handleSignals?: boolean;
  /** Default the system's; the browser suite's server moves one (tests/e2e/serve.ts). */
  clock?: Clock;
  /** Seed the demo site (`--demo`) and allow its published logins; default false, a shop of its own. */
  demo?: boolean;
  /** Behind a reverse proxy: Fastify's `trustProxy` (`true`, a hop count, or the proxies' addresses/CIDRs). */
  trustProxy?: TrustProxy;
  /** A shutdown still running after this long exits the process anyway (default 10 s). */
  shutdownTimeoutMs?: number;
  /** How a forced shutdown ends the process (default `process.exit`; tests watch it). */
  exit?: (code: number) => void;
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

const DEMO_LOGIN_REMEDIES = ['give each a new password: `storefront user password <username>`', 'or run it as the demo shop: `storefront start --demo`'];

/** A shop's database where the demo's published logins still open their accounts: it is not served without `demo`. */
export class DemoLoginsError extends Error {
  readonly remedies = DEMO_LOGIN_REMEDIES;
  constructor(
    readonly logins: string[],
    readonly problem = `this database still has the demo's logins with their published passwords (${logins.join(', ')}): anyone could sign in with them`,
  ) {
    super(`${problem}; ${DEMO_LOGIN_REMEDIES.join(', ')}`);
    this.name = 'DemoLoginsError';
  }
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  notes: string[];
  close(): Promise<void>;
  /** What SIGINT/SIGTERM do: close, and end the process with code 1 if that takes longer than `shutdownTimeoutMs`. */
  shutdown(reason: string): Promise<void>;
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
    uploadStore: options.uploadStore,
    serveApp: serveApp ? { distDir } : undefined,
    logger: options.logger ?? createLogger({ level: 'info' }),
    metrics: options.metrics,
    messages: options.messages,
    clock: options.clock,
    trustProxy: options.trustProxy,
    demo: options.demo,
  });

  let closing: Promise<void> | null = null;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const shutdown = async (reason: string) => {
    app.log.info(`${reason}: shutting down`);
    // Unref'd: a close that finishes lets the process end at once; one held by a hung connection does not hold it forever.
    const timer = setTimeout(() => {
      app.log.error(`the shutdown did not finish within ${shutdownTimeoutMs} ms (connections or jobs still open): exiting now`);
      exit(1);
    }, shutdownTimeoutMs).unref();
    try {
      await close();
    } catch (error) {
      app.log.error(`the shutdown failed: ${String(error)}`);
      exit(1);
    } finally {
      clearTimeout(timer);
    }
  };
  const onSignal = (signal: NodeJS.Signals) => void shutdown(signal);
  const close = () => {
    closing ??= (async () => {
      markClosing(app);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await app.close();
    })();
    return closing;
  };

  try {
    const notes = options.demo ? await demoNotes(app) : await shopNotes(app);
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
    return { app, url, notes, close, shutdown };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The demo site: seeded once, its notes (the demo logins) printed on every start. */
async function demoNotes(app: FastifyInstance): Promise<string[]> {
  const { seeded } = await seedSite(app);
  if (seeded.length > 0) app.log.info(`seeded demo data: ${seeded.join(', ')}`);
  return seedNotes(app);
}

/** A shop of its own: never the demo's published logins; a hint while nobody can staff the desk. */
async function shopNotes(app: FastifyInstance): Promise<string[]> {
  const inUse = await demoLoginsInUse(app);
  if (inUse.length > 0) throw new DemoLoginsError(inUse);
  const { db, services } = app.storefront;
  if ((await services.users.staff(db)).length > 0) return [];
  return ['No staff account yet: create the first with `storefront user add <username> --staff`.'];
}
