/**
 * The API host (DESIGN §5): a Fastify app serving the kernel's calls and every installed
 * plugin's calls (answering "plugin disabled" for those the live site config switches off),
 * uploads, the OpenAPI document and, when asked, the built browser app.
 *
 *   const app = await createApp({ root, dataDir, site: 'default' });
 *   await app.listen({ port: 8080 });      // app.storefront holds db, services, site config…
 *   await app.close();                     // also closes the database and stops watching the site file
 *
 * With a `wss` in the site config, the WebSocket hub (./hub/) listens at its path; the path is
 * read at start, so moving it needs a restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerCall, type CallDeps } from './call-route';
import { systemClock, type Clock } from './clock';
import { openDatabase } from './db';
import { isPostgresUrl } from './db-postgres';
import { loadPlugins } from './discover';
import { createServerI18n, type ServerI18n } from './i18n';
import { kernelCalls } from './kernel-calls';
import { createMetrics, type Metrics } from './metrics';
import { installMetrics, publishesMetrics, type MetricsOptions } from './metrics-http';
import { migrate } from './migrate';
import { installOpenApi } from './openapi';
import { installCompression } from './pipeline/compression';
import { installCors } from './pipeline/cors';
import { installErrorReplies } from './pipeline/errors';
import { installJsonBody } from './pipeline/json-body';
import { installRequestContext } from './pipeline/request-context';
import type { Db, Extensions, Lang, ServerServices } from './plugin';
import { createBus, type Bus } from './bus';
import { clusterHub, type ClusterOptions } from './hub/cluster';
import { createHub, type Hub } from './hub/hub';
import { installHealth } from './health';
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy';
import { installHub } from './hub/install';
import { followPresence } from './hub/presence';
import { hubPath } from './hub/path';
import { createJobRunner, type JobRunner } from './jobs';
import { subscribersOf } from './events';
import { createEventDelivery, wakeAfterCommit, type EventDelivery } from './events-delivery';
import { createRegistry, type PluginRegistry } from './registry';
import { RequestLog } from './request-log';
import { installServeApp } from './serve-app';
import { installSecurityHeaders } from './security-headers';
import { createServices } from './services';
import type { PasswordCost } from './services/passwords';
import { sessionEventsOver } from './services/session-events';
import type { Transport } from './services/transport';
import type { MessagesConfig } from './services/transports/config';
import { selectTransport } from './services/transports/select';
import type { UploadStoreConfig } from './upload-store/config';
import { openUploadStore } from './upload-store/open';
import type { UploadStore } from './upload-store/store';
import { watchSiteConfig, type LiveSiteConfig, type SiteConfigOptions } from './site-config';
import { siteExtensions } from './site-extensions';
import { lazyRequestLogger } from './request-logger';
import { followStoredSite, loadOrImportSite, storeSite } from './site-store';
import { installSiteEvents } from './site-events';
import { SITE_EVENTS_PATH } from '../core/site-events';
import { installUploads, uploadCall } from './uploads';
import { installWebhooks } from './webhooks';

export interface AppOptions {
  /** Project root: `plugins/` and `config/sites/` live here. */
  root: string;
  /** Runtime data: `<site>.sqlite` and `uploads/`. */
  dataDir: string;
  /** A `postgres://` URL (DATABASE_URL): the shop's data lives there instead of `<dataDir>/<site>.sqlite`. */
  databaseUrl?: string;
  /** The uploads folder (default `<dataDir>/uploads`); several nodes share one folder, or use a bucket (`uploadStore`). */
  uploadsDir?: string;
  /** Where uploads are kept: the uploads folder (default), or an S3-compatible bucket (./upload-store/config.ts; `storefront start` reads it from the environment). */
  uploadStore?: UploadStoreConfig;
  /** Site name: `config/sites/<site>.json`. */
  site: string;
  /** Another site file than `<root>/config/sites/<site>.json` (tests use a temporary copy). */
  siteFile?: string;
  /** `true` for Fastify's default (JSON) logger, or a logger instance; silent when left out. */
  logger?: boolean | FastifyBaseLogger;
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (`true`, a hop count, or the proxies' addresses/CIDRs). */
  trustProxy?: TrustProxy;
  /** One line per answered request, with its `reqId` (default on; ./request-log.ts). */
  logRequests?: boolean;
  /** Publish the metrics at `/metrics` for a token, or on an admin port (./metrics-http.ts); unpublished by default. */
  metrics?: MetricsOptions;
  clock?: Clock;
  /** Serve the Vite build in `distDir` on the same port. */
  serveApp?: { distDir: string };
  /** Where codes go: this transport, else the providers `messages` chooses (the local outbox by default). */
  transport?: Transport;
  /** The message providers per channel (./services/transports/config.ts; `storefront start` reads them from the environment). */
  messages?: MessagesConfig;
  /** Load only these plugins and what they require (tests); every plugin folder by default. */
  only?: readonly string[];
  /** SQLite's checkpoints on a worker thread (./sqlite-checkpoints.ts; default on, the test harness turns it off). */
  backgroundCheckpoints?: boolean;
  /** Poll interval of the site-file watch, ms (default 250). */
  watchIntervalMs?: number;
  /** How often the nodes sharing a PostgreSQL database beat, and when a silent one is dropped (tests shorten them). */
  cluster?: ClusterOptions;
  /** argon2id's cost for new password hashes: the production cost unless a test harness lowers it. */
  passwordCost?: PasswordCost;
  /** The demo shop (`--demo`): plugins' `demoSettings` apply where the site file is silent. */
  demo?: boolean;
}

export interface Storefront {
  root: string;
  dataDir: string;
  uploadsDir: string;
  /** Where uploads are kept: the uploads folder, or a bucket. */
  uploadStore: UploadStore;
  db: Db;
  services: ServerServices;
  site: LiveSiteConfig;
  registry: PluginRegistry;
  i18n: ServerI18n;
  clock: Clock;
  extensions: Extensions;
  jobs: JobRunner;
  /** Durable events' delivery (`storefront events`; tests call `deliverDue()`). */
  events: EventDelivery;
  hub: Hub;
  /** Where the WebSocket hub listens; null when the site has no `wss`. */
  hubPath: string | null;
  /** What `/metrics` reports (./metrics.ts). */
  metrics: Metrics;
  /** The admin port serving `/metrics` (METRICS_PORT); null when there is none. */
  metricsPort: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    storefront: Storefront;
  }
}

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const { root, dataDir } = options;
  const clock = options.clock ?? systemClock;
  const discovery = await loadPlugins(root, { only: options.only });
  // Load problems travel with the registry: the site check below reports them with its own.
  const registry = createRegistry(discovery.plugins, discovery.problems);

  const app = Fastify({
    ...(typeof options.logger === 'object' ? { loggerInstance: options.logger } : { logger: options.logger ?? false }),
    // Spec paths mix case (/api/Sms/send); a client sending them as written must match exactly.
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    // Off unless the site runs behind a proxy: a trusted X-Forwarded-For would let anyone dodge per-ip limits.
    trustProxy: fastifyTrustProxy(options.trustProxy),
    logController: new RequestLog({ disabled: options.logRequests === false }),
    childLoggerFactory: lazyRequestLogger,
  });

  const siteOptions = {
    name: options.site,
    path: options.siteFile ?? path.join(root, 'config', 'sites', `${options.site}.json`),
    registry,
    log: { info: (m: string) => app.log.info(m), error: (m: string) => app.log.error(m) },
    intervalMs: options.watchIntervalMs,
    demo: options.demo,
  };
  // SQLite: the site file is checked before a database file is created. PostgreSQL: the config
  // is shared through the database (./site-store.ts), read once it is migrated.
  if (options.databaseUrl && !isPostgresUrl(options.databaseUrl)) {
    throw new Error(`the database URL must start with postgres:// or postgresql:// (SQLite is the default and needs none): ${options.databaseUrl}`);
  }
  const fileSite = options.databaseUrl ? null : watchSiteConfig(siteOptions);
  fs.mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(options.databaseUrl ?? path.join(dataDir, `${options.site}.sqlite`), { backgroundCheckpoints: options.backgroundCheckpoints ?? true });
  let jobs: JobRunner | null = null;
  let sharedSite: Awaited<ReturnType<typeof shareSiteConfig>> | null = null;
  let network: { hub: Hub; bus: Bus } | null = null;
  app.addHook('onClose', async () => {
    // Running jobs finish before the database they write to closes.
    await jobs?.stop();
    fileSite?.close();
    sharedSite?.close();
    // The hub's sockets closed in preClose; its last news ('bye') goes out before the bus stops.
    await network?.hub.close();
    await network?.bus.close();
    await db.destroy();
  });

  try {
    await migrate(db, registry.plugins, () => clock.now());
    sharedSite = fileSite ? null : await shareSiteConfig(db, siteOptions, clock);
    const site: LiveSiteConfig = fileSite ?? sharedSite!.site;
    const i18n = createServerI18n(root, registry.plugins.map((p) => p.id));
    const transportLog = { info: (m: string) => app.log.info(m), error: (m: string) => app.log.error(m) };
    const transport = options.transport ?? selectTransport(options.messages ?? {}, { db, log: transportLog, now: () => clock.now() });
    // Pushes, presence and ended sessions reach every node sharing the database (one on SQLite).
    const bus = await createBus(db, { site: options.site, log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) } });
    const hub = clusterHub(createHub(), bus, { ...options.cluster, log: { info: (m) => app.log.info(m) } });
    network = { hub, bus };
    const metrics = createMetrics({ db, hub }, { process: publishesMetrics(options.metrics) });
    const sessionEvents = sessionEventsOver(bus);
    sessionEvents.subscribe((event) => hub.endSessions(event));
    const subscribers = subscribersOf(registry.plugins);
    const events = { subscribers: (id: string) => subscribers.filter((s) => s.subscriber.event.id === id).map((s) => s.key), afterCommit: wakeAfterCommit(db, options.site, bus) };
    const uploadsDir = path.resolve(options.uploadsDir ?? path.join(dataDir, 'uploads'));
    const uploadStore = await openUploadStore(options.uploadStore, uploadsDir);
    app.addHook('onClose', async () => uploadStore.close?.());
    // A bucket that is missing or refuses the credentials stops the start, rather than every upload later.
    await uploadStore.check().catch((error: Error) => {
      throw new Error(`the upload store ${uploadStore.where} cannot be used: ${error.name}: ${error.message}`, { cause: error });
    });
    if (uploadStore.kind === 's3') app.log.info(`uploads are kept in ${uploadStore.where}`);
    const services: ServerServices = {
      ...createServices({ db, clock, transport, t: i18n.t, siteName: () => site.current().file.site.siteName, sessionEvents, passwordCost: options.passwordCost, events, uploadStore }),
      hub: hub.service,
    };
    const socketPath = hubPath(site.current().file.site.wss);
    watchHubPath(site, socketPath, (m) => app.log.warn(m));
    // Contributions of the plugins the site enables now, in load order (toggles apply per call).
    const extensions: Extensions = siteExtensions(registry.plugins, site);
    const log = { debug: (m: string) => app.log.debug(m), info: (m: string) => app.log.info(m), error: (m: string) => app.log.error(m) };
    const delivery = createEventDelivery({ plugins: registry.plugins, site, db, services, i18n, clock, extensions, bus, log });
    jobs = createJobRunner({ plugins: registry.plugins, site, db, services, i18n, clock, extensions, log, events: delivery, onTurn: metrics.jobTurn });
    const { adminPort: metricsPort } = await installMetrics(app, metrics, options.metrics);
    app.decorate('storefront', { root, dataDir, uploadsDir, uploadStore, db, services, site, registry, i18n, clock, extensions, jobs, events: delivery, hub, hubPath: socketPath, metrics, metricsPort });

    // Before the routes: compression hooks each route as it is added.
    await installSecurityHeaders(app, site);
    await installCompression(app);
    installJsonBody(app);
    installCors(app);
    // Browsers cannot sign a WebSocket or an EventSource request: the hub and the site event stream go unsigned.
    installRequestContext(app, () => site.current().file.app, clock, [SITE_EVENTS_PATH, ...(socketPath ? [socketPath] : [])]);
    installErrorReplies(app, i18n, clock);
    const deps: CallDeps = { db, services, site, i18n, clock, extensions };
    const routes = [...kernelCalls(site, registry), uploadCall(uploadStore), ...registry.calls];
    await installUploads(app, uploadStore, (scope) => {
      for (const route of routes) if (route.call.multipart) registerCall(scope, route, deps);
    });
    for (const route of routes) if (!route.call.multipart) registerCall(app, route, deps);
    installOpenApi(app, routes, site);
    installSiteEvents(app, site);
    installHealth(app, db, registry.plugins);
    installWebhooks(app, registry.plugins, deps);
    if (socketPath) {
      const log = { error: (m: string) => app.log.error(m) };
      await installHub(app, socketPath, { hub, routes: registry.socketRoutes, site, db, services, i18n, clock, extensions, log });
      followPresence(hub, registry.plugins, { ...deps, log });
    }
    if (options.serveApp) {
      const lookUp = (lng: Lang, key: string) => (i18n.instance.exists(key, { lng }) ? i18n.t(lng, key) : undefined);
      installServeApp(app, options.serveApp.distDir, { site, registry, db, services, lookUp });
    }
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/** The live config of a shop on PostgreSQL: the database's, followed by polling, with the node's file edits published to it. */
async function shareSiteConfig(db: Db, options: SiteConfigOptions, clock: Clock) {
  const stored = await loadOrImportSite(db, options.name, options.path, clock.nowSeconds());
  if (stored.imported) options.log.info(`site \`${options.name}\`: imported ${options.path} into the database (shared by every node from now on)`);
  const site = watchSiteConfig({
    ...options,
    shared: {
      text: stored.body,
      publish: (text) => {
        storeSite(db, options.name, text, clock.nowSeconds())
          .then(() => follower.check())
          .catch((error: unknown) => options.log.error(`storing the edit of site \`${options.name}\` failed: ${String(error)}`));
      },
    },
  });
  const follower = followStoredSite({ db, name: options.name, file: options.path, version: stored.version, site, log: options.log });
  return {
    site,
    close() {
      follower.close();
      site.close();
    },
  };
}

/** The hub's path is fixed at start: an edit of `wss` on a running server says so instead of silently doing nothing. */
function watchHubPath(site: LiveSiteConfig, current: string | null, warn: (message: string) => void): void {
  site.onChange((loaded) => {
    const next = hubPath(loaded.file.site.wss);
    if (next !== current) {
      warn(`site \`${site.name}\`: \`wss\` now names ${next ?? 'no hub path'}; the hub stays at ${current ?? '(none)'} until the server restarts`);
    }
  });
}
