/**
 * Test harness for server calls: the real app factory on a temporary SQLite file and a
 * temporary copy of the site file, with a clock the test moves. Use it in plugin tests:
 *
 *   import { createTestServer } from '@kernel/server/testing';
 *
 *   const t = await createTestServer({ plugins: ['goods'] });   // goods + what it requires; others off
 *   const { status, body } = await t.call(goodsContract.goodsList, { page: 1 });  // signed, typed
 *   const raw = await t.call('/api/goods/goodsList', { page: 1 }, { lang: 'en' });
 *   const ann = await t.createUser({ username: 'ann', money: 5000 });          // 50.00 yuan
 *   await t.call(accountContract.balance, { user_id: ann.id }, { token: ann.token });
 *   t.clock.advance(3 * 3600_000);                                              // tokens expire
 *   await t.setPlugins({ goods: false });                // edits the site file; resolves once applied
 *   await t.close();                                     // in afterAll/afterEach
 *
 * Options: `plugins` (enable only these plus their requires; default every installed plugin),
 * `settings` (per-plugin settings), `site` (fields of the site block), `seed` (run the enabled
 * plugins' seeds), `root` (a project root other than this repository, for fake plugins),
 * `now` (start of the clock), `logger`, `passwordCost` (argon2id's cost for new hashes: the
 * cheapest by default, PRODUCTION_PASSWORD_COST for what a shop runs).
 * Also: `t.app` (Fastify; `t.app.inject` with `t.signedHeaders()` for multipart), `t.db`,
 * `t.services`, `t.site` (live site config), `t.login(account, password)`, `t.outbox()`,
 * `t.lastCode(target)`, `t.editSite(mutate)`, `t.runJobs()` (background jobs, after moving the clock),
 * `t.violations()` (the invariants `storefront doctor` checks, as lines; `[]` when all hold),
 * `t.restart()` (same data, new app), `t.dataDir`, `t.siteFile`.
 * Several API nodes (PostgreSQL only): `const b = await t.anotherNode()` is a second app on the
 * same schema and site, with the same clock and helpers; `cluster` shortens its heartbeat.
 *
 * WebSockets: the test site has `wss: '/api/socket'` (pass `site: { wss: '' }` for none), and
 * `t.socket(user)` opens a real client to the hub as that user (the app then listens on a
 * loopback port, the same one after `t.restart()`):
 *
 *   const ann = await t.socket(annUser, { lang: 'en' });
 *   ann.send({ type: 'ping', uid: 'user_1', user_id: 1 });
 *   const pong = await ann.next('pong');                // the first unread message of that type
 *   ann.messages;                                        // everything received, in order
 *   expect((await ann.closed).code).toBe(4401);          // how the server closed it
 *   await within(ann.closed, 5000, 'the socket closes');  // …and that it did so promptly
 *   afterEach(() => t.closeSockets());                   // a failed test leaks no connection
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CallDef, PayloadIn, ReplyOf } from '../core/contract';
import type { SiteConfig, SiteFile } from '../core/site';
import { createApp } from './app';
import type { ClusterOptions } from './hub/cluster';
import type { MetricsOptions } from './metrics-http';
import type { TrustProxy } from './trust-proxy';
import { injectCall, type TestCallOptions, type TestReply } from './test-call';
import { testDatabase, type TestDatabase } from './test-database';
import { testNodeSockets } from './test-node-sockets';
import { editSiteFile } from './test-site-edit';
import type { TestSocket, TestSocketOptions } from './test-socket';
import { createTestUser, loginTestUser, type TestUser, type TestUserInput } from './test-users';
import { TestClock } from './clock';
import { discoverPlugins } from './discover';
import { checkInvariants } from './invariants';
import { signHeaders } from './pipeline/signature';
import type { Db, ServerServices } from './plugin';
import { seedSite } from './seed';
import { TEST_PASSWORD_COST, type PasswordCost } from './services/passwords';
import type { LiveSiteConfig } from './site-config';
import type { UploadStoreConfig } from './upload-store/config';

export type { TestCallOptions, TestReply } from './test-call';
export type { TestSocket, TestSocketOptions } from './test-socket';
export type { TestUser, TestUserInput } from './test-users';
export { eventually, within } from './test-wait';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TEST_APP = { key: 'test-key', secret: 'test-secret' } as const;

export interface TestServerOptions {
  plugins?: readonly string[];
  settings?: Record<string, Record<string, unknown>>;
  site?: Partial<SiteConfig>;
  seed?: boolean;
  root?: string;
  now?: number | Date;
  /** A logger to read what the server logs (`createLogger({ write })`); silent by default. */
  logger?: boolean | FastifyBaseLogger;
  /** Publish `/metrics` (a token, an admin port); unpublished by default, as in a shop. */
  metrics?: MetricsOptions;
  /**
   * argon2id's cost for new password hashes: the cheapest by default (the suite hashes hundreds);
   * pass PRODUCTION_PASSWORD_COST to test with what a shop uses.
   */
  passwordCost?: PasswordCost;
  /** Heartbeat and timeout of the nodes sharing the database (see `anotherNode`). */
  cluster?: ClusterOptions;
  /** Behind a reverse proxy (`app.inject`'s `remoteAddress` is the proxy): which X-Forwarded-* to believe. */
  trustProxy?: TrustProxy;
  /** Keep uploads in a bucket (./upload-store/test-s3.ts) instead of the test's uploads folder. */
  uploadStore?: UploadStoreConfig;
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  services: ServerServices;
  site: LiveSiteConfig;
  clock: TestClock;
  root: string;
  dataDir: string;
  siteFile: string;
  call<C extends CallDef>(call: C, payload?: PayloadIn<C>, options?: TestCallOptions): Promise<TestReply<ReplyOf<C>>>;
  call<T = unknown>(path: string, payload?: unknown, options?: TestCallOptions): Promise<TestReply<T>>;
  signedHeaders(): Record<string, string>;
  createUser(input?: TestUserInput): Promise<TestUser>;
  /** Password check and a fresh token pair, without any login plugin. `account` is a username, mobile or e-mail. */
  login(account: string, password: string): Promise<TestUser>;
  /** Switches plugins on or off in the site file and waits until the running app applied it. */
  setPlugins(toggles: Record<string, boolean>): Promise<void>;
  /** Edits the site file and waits until applied; throws with the problems when the edit is refused. */
  editSite(mutate: (file: SiteFile) => void): Promise<void>;
  outbox(target?: string): Promise<{ channel: string; target: string; subject: string; body: string }[]>;
  /** The newest six-digit code delivered to `target` through the local outbox. */
  lastCode(target: string): Promise<string>;
  /** Runs every enabled plugin's background jobs once (move `clock` first); what each handled. */
  runJobs(): Promise<{ plugin: string; job: string; handled: number }[]>;
  /**
   * What `storefront doctor` would report about the data: one line per violation of the kernel's
   * invariants (balance = ledger, score = ledger) and the enabled plugins'. `[]` when all hold.
   */
  violations(): Promise<string[]>;
  /**
   * Opens a WebSocket to the hub with the user's token (`null`: without one) and resolves once
   * it is open; a refused token is open at first and then closed with CLOSE_UNAUTHORISED.
   */
  socket(user: { token: string } | null, options?: TestSocketOptions): Promise<TestSocket>;
  /** The hub's address (`ws://127.0.0.1:<port>/api/socket`); the app starts listening when asked. */
  socketUrl(): Promise<string>;
  /** Drops every socket `socket()` opened that is still open (an afterEach, so a failed test leaks none). */
  closeSockets(): Promise<void>;
  /** Closes the app and opens a new one on the same data and site file: a server restart. */
  restart(): Promise<void>;
  /**
   * Another API node on the same PostgreSQL schema and site: its own app, hub and copy of the site
   * file, this server's clock. Closed with this server (or before, by its own `close`). Throws on SQLite.
   */
  anotherNode(options?: { cluster?: ClusterOptions }): Promise<TestServer>;
  close(): Promise<void>;
}

/** What the nodes of one test server share. */
interface TestData {
  root: string;
  dir: string;
  dataDir: string;
  database: TestDatabase;
  clock: TestClock;
  options: TestServerOptions;
}

export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const root = options.root ?? REPO_ROOT;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
  const dataDir = path.join(dir, 'data');
  const siteFile = path.join(dir, 'site.json');
  const database = testDatabase(dataDir, 'test.sqlite');

  const installed = await discoverPlugins(root, { only: options.plugins });
  const enabled = new Set(options.plugins ? closure(options.plugins, installed) : installed.map((p) => p.id));
  const file = {
    site: { siteName: 'Test Store', wss: '/api/socket', ...options.site },
    app: { ...TEST_APP },
    plugins: Object.fromEntries(
      installed.map((p) => [p.id, { enabled: enabled.has(p.id), ...(options.settings?.[p.id] ? { settings: options.settings[p.id] } : {}) }]),
    ),
  };
  fs.writeFileSync(siteFile, JSON.stringify(file, null, 2));

  const clock = new TestClock(options.now === undefined ? Date.now() : new Date(options.now).getTime());
  let server: TestServer;
  try {
    server = await openTestNode({ root, dir, dataDir, database, clock, options }, siteFile, options.cluster, true);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    await database.drop();
    throw error;
  }
  if (options.seed) await seedSite(server.app);
  return server;
}

/** One app on the test's data: the first node owns the folder and the database; another only its site file. */
async function openTestNode(data: TestData, siteFile: string, cluster: ClusterOptions | undefined, first: boolean): Promise<TestServer> {
  const { root, dir, dataDir, database, clock, options } = data;
  const open = () =>
    createApp({
      root,
      dataDir,
      databaseUrl: database.url,
      site: 'test',
      siteFile,
      clock,
      logger: options.logger ?? false,
      metrics: options.metrics,
      trustProxy: options.trustProxy,
      uploadStore: options.uploadStore,
      only: options.plugins,
      watchIntervalMs: 50,
      cluster,
      passwordCost: options.passwordCost ?? TEST_PASSWORD_COST,
      // A thread per test server would cost more than it saves; ./sqlite-checkpoints.test.ts proves it.
      backgroundCheckpoints: false,
    });
  let app: FastifyInstance = await open();
  // Through the current app: `restart()` replaces it.
  const sf = () => app.storefront;
  const nodes: TestServer[] = [];
  let closed = false;

  const signedHeaders = () => signHeaders(sf().site.current().file.app, clock.now());
  const call = (target: CallDef | string, payload?: unknown, opts: TestCallOptions = {}) => injectCall(app, signedHeaders, target, payload, opts);
  const editSite = (mutate: (file: SiteFile) => void) => editSiteFile(siteFile, () => sf().site, mutate);
  const sockets = testNodeSockets({
    get app() {
      return app;
    },
  });

  const server: TestServer = {
    get app() {
      return app;
    },
    get db() {
      return sf().db;
    },
    get services() {
      return sf().services;
    },
    get site() {
      return sf().site;
    },
    clock,
    root,
    dataDir,
    siteFile,
    call: call as TestServer['call'],
    signedHeaders,

    createUser: (input) => createTestUser(sf, input),
    login: (account, password) => loginTestUser(sf, account, password),

    setPlugins: (toggles) =>
      editSite((file) => {
        for (const [id, on] of Object.entries(toggles)) file.plugins[id] = { ...file.plugins[id], enabled: on };
      }),
    editSite,

    async outbox(target) {
      let query = sf().db.selectFrom('kernel_outbox').select(['channel', 'target', 'subject', 'body']).orderBy('id', 'asc');
      if (target) query = query.where('target', '=', target);
      return query.execute();
    },

    async lastCode(target) {
      const messages = await server.outbox(target);
      const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
      if (!code) throw new Error(`no code was delivered to ${target}`);
      return code;
    },

    runJobs: () => sf().jobs.runAll(),
    async violations() {
      const results = await checkInvariants(sf().db, sf().registry.plugins);
      return results.flatMap((r) => [...r.violations, ...(r.error ? [`${r.plugin}/${r.id}: ${r.error}`] : [])]);
    },
    socketUrl: sockets.socketUrl,
    socket: sockets.socket,
    closeSockets: sockets.closeSockets,
    async restart() {
      await app.close();
      app = await open();
    },
    async anotherNode(nodeOptions = {}) {
      if (!database.url) throw new Error('another API node needs PostgreSQL: set STOREFRONT_TEST_DATABASE_URL (two nodes cannot share a SQLite file)');
      const file = path.join(dir, `site-node-${nodes.length + 2}-${Date.now() % 100000}.json`);
      fs.copyFileSync(siteFile, file);
      const node = await openTestNode(data, file, nodeOptions.cluster ?? cluster, false);
      nodes.push(node);
      return node;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(nodes.map((node) => node.close()));
      await server.closeSockets();
      await app.close();
      if (!first) {
        fs.rmSync(siteFile, { force: true });
        return;
      }
      fs.rmSync(dir, { recursive: true, force: true });
      await database.drop();
    },
  };
  return server;
}

/** The plugins to switch on: the asked ones and everything they require, transitively. */
function closure(ids: readonly string[], installed: { id: string; requires?: readonly string[] }[]): string[] {
  const byId = new Map(installed.map((p) => [p.id, p]));
  const out = new Set<string>();
  const visit = (id: string) => {
    if (out.has(id)) return;
    out.add(id);
    byId.get(id)?.requires?.forEach(visit);
  };
  ids.forEach(visit);
  return [...out];
}
