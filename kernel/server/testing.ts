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
import type { FastifyInstance } from 'fastify';
import type { CallDef, PayloadIn, ReplyOf } from '../core/contract';
import type { Reply } from '../core/envelope';
import type { SiteConfig, SiteFile } from '../core/site';
import { createApp } from './app';
import type { ClusterOptions } from './hub/cluster';
import { testDatabase, type TestDatabase } from './test-database';
import { openTestSocket, type TestSocket, type TestSocketOptions } from './test-socket';
import { TestClock } from './clock';
import { discoverPlugins } from './discover';
import { checkInvariants } from './invariants';
import { signHeaders } from './pipeline/signature';
import type { Db, NewUser, ServerServices } from './plugin';
import { seedSite } from './seed';
import { TEST_PASSWORD_COST, type PasswordCost } from './services/passwords';
import type { LiveSiteConfig } from './site-config';

export type { TestSocket, TestSocketOptions } from './test-socket';
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
  logger?: boolean;
  /**
   * argon2id's cost for new password hashes: the cheapest by default (the suite hashes hundreds);
   * pass PRODUCTION_PASSWORD_COST to test with what a shop uses.
   */
  passwordCost?: PasswordCost;
  /** Heartbeat and timeout of the nodes sharing the database (see `anotherNode`). */
  cluster?: ClusterOptions;
}

export interface TestCallOptions {
  token?: string;
  /** The `Lang` header; zh-Hans when left out. */
  lang?: string;
  /** Extra or replacing headers; a value of `undefined` removes that header (e.g. to drop the signature). */
  headers?: Record<string, string | undefined>;
  /** Defaults to the call's method (POST for a path). */
  method?: 'GET' | 'POST';
}

export interface TestReply<T> {
  status: number;
  body: Reply<T>;
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
  token: string;
  refreshToken: string;
  expiresAt: number;
}

export interface TestUserInput extends Partial<NewUser> {
  /** Opening balance in fen, booked through the ledger. */
  money?: number;
  /** Opening points, booked through the ledger. */
  score?: number;
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

let userCounter = 0;

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

  const call = async (target: CallDef | string, payload?: unknown, opts: TestCallOptions = {}) => {
    const def = typeof target === 'string' ? null : target;
    const method = opts.method ?? def?.method ?? 'POST';
    const url = def?.path ?? (target as string);
    const headers: Record<string, string> = { ...signedHeaders(), ...(opts.lang ? { Lang: opts.lang } : {}) };
    if (opts.token) headers.Token = opts.token;
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
      if (value !== undefined) headers[name] = value;
    }
    const response = await app.inject(
      method === 'GET'
        ? { method, url, headers, query: toQuery(payload) }
        : { method, url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload ?? {}) },
    );
    return { status: response.statusCode, body: response.json() as Reply<unknown> };
  };

  const issue = async (userId: number, username: string, password: string): Promise<TestUser> => {
    const pair = await sf().services.tokens.issue(userId);
    return { id: userId, username, password, ...pair };
  };

  const waitForSwap = async (before: number, problemsBefore: unknown) => {
    const deadline = Date.now() + 5000;
    while (sf().site.version === before) {
      if (sf().site.problems !== problemsBefore && sf().site.problems.length > 0) {
        throw new Error(`the site edit was refused:\n${sf().site.problems.map((p) => `  - ${p.message}`).join('\n')}`);
      }
      if (Date.now() > deadline) throw new Error('the site edit was not applied within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const editSite = async (mutate: (file: SiteFile) => void) => {
    const current = readSiteFile(siteFile) ?? structuredClone(sf().site.current().file);
    mutate(current);
    const before = sf().site.version;
    const problemsBefore = sf().site.problems;
    // Replace the file the way editors do: write aside, then rename over it.
    fs.writeFileSync(`${siteFile}.tmp`, JSON.stringify(current, null, 2));
    fs.renameSync(`${siteFile}.tmp`, siteFile);
    await waitForSwap(before, problemsBefore);
  };

  // Sockets are real: the app listens on loopback when the first one opens, on the same port after a restart.
  let port = 0;
  const sockets = new Set<TestSocket>();
  /** Sockets opened per user and app, to wait for the hub to accept each. */
  const opened = new WeakMap<object, Map<number, number>>();
  // One listen per app, however many sockets open at once.
  let listening: { app: FastifyInstance; done: Promise<void> } | null = null;
  const socketUrl = async () => {
    const path = sf().hubPath;
    if (!path) throw new Error("the test site has no `wss`, so no hub: leave `site.wss` at '/api/socket' or set one");
    if (listening?.app !== app) {
      const started = app.listen({ port, host: '127.0.0.1' }).then(() => {
        port = (app.server.address() as { port: number }).port;
      });
      listening = { app, done: started };
    }
    await listening.done;
    return `ws://127.0.0.1:${port}${path}`;
  };

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

    async createUser(input = {}) {
      const username = input.username ?? `user${++userCounter}${Date.now() % 100000}`;
      const password = input.password ?? 'secret123';
      const id = await sf().services.users.create({ ...input, username, password });
      await sf().db.transaction().execute(async (tx) => {
        const grant = { userId: id, reason: 'kernel:ledger.grant', ref: `test-opening-${id}` };
        if (input.money) await sf().services.ledger.credit(tx, { ...grant, account: 'money', amount: input.money });
        if (input.score) await sf().services.ledger.credit(tx, { ...grant, account: 'score', amount: input.score });
      });
      return issue(id, username, password);
    },

    async login(account, password) {
      const user = await sf().db
        .selectFrom('kernel_user')
        .select(['id', 'username', 'password_hash'])
        .where((eb) => eb.or([eb('username', '=', account), eb('mobile', '=', account), eb('email', '=', account)]))
        .executeTakeFirst();
      if (!user || !(await sf().services.passwords.verify(user.password_hash, password))) {
        throw new Error(`test login failed for "${account}"`);
      }
      return issue(user.id, user.username, password);
    },

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
    socketUrl,
    async socket(user, socketOptions = {}) {
      const url = new URL(await socketUrl());
      if (user) url.searchParams.set('token', user.token);
      if (socketOptions.lang) url.searchParams.set('lang', socketOptions.lang);
      // The token is checked after the socket opens (a database read): we wait until the hub has
      // accepted as many sockets of the user as were opened, so a push or `isOnline` right after
      // sees them on either database. Sockets opened by hand count too: start from the hub's count.
      const hub = sf().hub;
      const id = user && 'id' in user && typeof user.id === 'number' ? user.id : null;
      const perUser = opened.get(hub) ?? new Map<number, number>();
      opened.set(hub, perUser);
      const target = id === null ? 0 : Math.max(hub.accepted(id), perUser.get(id) ?? 0) + 1;
      if (id !== null) perUser.set(id, target);
      const socket = await openTestSocket(url.href);
      sockets.add(socket);
      void socket.closed.then(() => sockets.delete(socket));
      if (id !== null) {
        let open = true;
        void socket.closed.then(() => (open = false));
        const deadline = Date.now() + 5000;
        while (open && hub.accepted(id) < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
        // Refused (a locked account): it will never be accepted.
        if (hub.accepted(id) < target) perUser.set(id, Math.min(perUser.get(id) ?? 0, target - 1));
      }
      return socket;
    },
    async closeSockets() {
      await Promise.all(
        [...sockets].map((socket) => {
          socket.raw.terminate();
          return socket.closed;
        }),
      );
    },
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

/** The file as written, or null when a test left it broken (the edit then starts from the config in use). */
function readSiteFile(file: string): SiteFile | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SiteFile;
  } catch {
    return null;
  }
}

function toQuery(payload: unknown): Record<string, string> {
  if (!payload || typeof payload !== 'object') return {};
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
}
