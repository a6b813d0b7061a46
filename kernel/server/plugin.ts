/**
 * The server side of a plugin (`plugins/<id>/server.ts`): its calls, migrations, demo data and
 * settings. Never imported by the browser.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type * as z from 'zod/mini';
import type { CallDef, PayloadOut, ReplyOf } from '../core/contract';
import type { SiteConfig } from '../core/site';
import type { SocketMessage } from '../core/socket';
import type { PluginDescriptor } from '../core/descriptor';
import type { Contribution, ExtensionPoint } from '../core/extension';
import type { AuthUser, Db, Lang, ServerServices } from './services/types';
import type { Subscriber } from './events';
import type { OperatorCommand, OperatorContext } from './operator-command';

export { OperatorError, type OperatorCommand, type OperatorContext, type OperatorResult } from './operator-command';

// The services' types live in services/types.ts; plugins import them from here with the rest.
export type { Lang, Db, Tx, AuthUser, Session, TokenPair, LedgerAccount, LedgerEntry, NewUser, LedgerRow, LedgerHistoryQuery, UserRecord, UserKey, UserPatch, UploadRecord, Identity, ServerServices } from './services/types';

export interface Migration {
  /** Unique, prefixed with the plugin id: `goods_001_init`. Applied in array order, once. */
  name: string;
  /** Migrations see the schema builder only; table types live in `Database`. */
  up: (db: Kysely<unknown>) => Promise<void>;
}

/**
 * Contributions of the site's enabled plugins to one extension point, in load order. A point is a
 * value (`createExtensionPoint<PriceAdjuster>('order.adjusters')`) the offering plugin exports from
 * its `public.ts`; contributors list `contribute(point, …values)` under `contributes`.
 */
export type Extensions = <T>(point: ExtensionPoint<T>) => T[];

export interface CallContext<S = Record<string, unknown>> {
  /** The token's user; null on `auth: 'none' | 'optional'` calls without a valid token. */
  user: AuthUser | null;
  /** The token's user, or a 401 when there is none. */
  requireUser(): AuthUser;
  lang: Lang;
  ip: string;
  /**
   * Write in one `db.transaction()` so a refusal leaves nothing half-done; inside it use only the
   * `tx` it gives (on SQLite the outer `db` waits for the very lock the transaction holds).
   */
  db: Db;
  site: SiteConfig;
  siteName: string;
  /** This plugin's settings for the site, defaults applied. */
  settings: S;
  /**
   * Another plugin's settings, read with this request's (an extension point's owner asks for its
   * contributor's: an order source's payment deadline); `{}` for a plugin without settings.
   */
  settingsOf(plugin: string): Record<string, unknown>;
  services: ServerServices;
  /** Translate `namespace:key` into the request's language. */
  t(key: string, params?: Record<string, string | number>): string;
  extensions: Extensions;
  request: FastifyRequest;
}

/**
 * What a socket message handler gets (`socket` in the server manifest): a call's context without
 * the HTTP request. The user is the one the connection's token named: a user id inside the
 * message is never trusted. `lang` is the connection's (`lang` query parameter, else the
 * browser's Accept-Language); settings and toggles are read per message, so edits apply live.
 */
export interface SocketContext<S = Record<string, unknown>> extends Omit<CallContext<S>, 'user' | 'requireUser' | 'ip' | 'request'> {
  user: AuthUser;
  /** Sends to this connection only (an acknowledgement, a reply); other users through `services.hub`. */
  send(message: SocketMessage): void;
}

/**
 * Handles one incoming message type. A connection's messages are handled one at a time, in the
 * order they came, so a handler can store a message and then acknowledge it. A BizError reaches
 * the client as `{ type: 'error', of, cid, msg }` in its language; other errors are logged and
 * answered with a generic error.
 */
export type SocketHandler<S = Record<string, unknown>> = (message: SocketMessage, ctx: SocketContext<S>) => Promise<void> | void;

/** A user came online on the hub (their first connection opened) or went offline (their last one closed). */
export interface PresenceChange {
  userId: number;
  online: boolean;
}

/** What a presence handler gets: a socket handler's context without a connection or its user. */
export type PresenceContext<S = Record<string, unknown>> = Omit<SocketContext<S>, 'user' | 'send'>;

export type PresenceHandler<S = Record<string, unknown>> = (change: PresenceChange, ctx: PresenceContext<S>) => Promise<void> | void;

export type Handler<C extends CallDef, S> = (
  payload: PayloadOut<C>,
  ctx: CallContext<S>,
) => Promise<ReplyOf<C>> | ReplyOf<C>;

/** How the kernel serves a call besides validation, auth, ownership and the envelope. */
export interface HandleOptions<C extends CallDef = CallDef, S = Record<string, unknown>> {
  /**
   * A payload's `request_key` (`requestKey()` in the contract) is kept with a fingerprint of the
   * payload and the reply: a repeat answers the first reply, the same key with another payload is
   * refused (./idempotency.ts). The handler runs in the transaction that stores the reply: its
   * `ctx.db.transaction()` joins it, and every write commits or rolls back with the key. The call
   * must require a login; a payload without a key runs as usual.
   */
  idempotent?: boolean;
  /**
   * The idempotent transaction's isolation on PostgreSQL: `read committed` for a handler written
   * to hold there (hot rows, ./hot-transaction.ts), else SERIALIZABLE. One transaction on SQLite.
   */
  isolation?: 'serializable' | 'read committed';
  /**
   * Runs before the handler, outside an idempotent call's transaction, for every request that no
   * stored reply answers: work whose writes must stand even when the call is refused, such as
   * counting an attempt against a rate limit (a refusal rolls the handler's writes back).
   */
  before?: (payload: PayloadOut<C>, ctx: CallContext<S>) => Promise<void>;
  /**
   * A refusal from memory alone, before any transaction or write: throws a BizError to refuse (a
   * flash sale's "sold out" for most of its crowd). On an idempotent call a repeat of a key is still
   * answered with its stored reply. Only for what a committed state showed and stays true a while:
   * a node may refuse from it for a moment after it stopped being true, never accept from it.
   */
  refuseEarly?: (payload: PayloadOut<C>, ctx: CallContext<S>) => void;
}

export interface Api<S = Record<string, unknown>> {
  /** Serves a call of this plugin's contract. Validation, auth, ownership and the envelope are the kernel's. */
  handle<C extends CallDef>(call: C, handler: Handler<C, S>, options?: HandleOptions<C, S>): void;
}

export interface SeedContext {
  db: Db;
  /** Demo pictures are kept with `services.uploads.keep('seed', name, make)`: in the upload store, served under `/uploads/`. */
  services: ServerServices;
}

/** What a plugin's `firstScreen` reads: the page is the same for every visitor, so there is no user. */
export interface FirstScreenContext<S = Record<string, unknown>> {
  db: Db;
  site: SiteConfig;
  /** This plugin's settings for the site, defaults applied. */
  settings: S;
  services: ServerServices;
  /** The plugins the site runs (a first screen may show another plugin's entry, such as goods' search bar). */
  enabled: readonly string[];
  /** The page's language (kernel/server/page-language.ts): catalogue text is written in it. */
  lang: Lang;
}

/** A plugin's part of the served page: data its client reads with `kernel.bootstrapData(id)`. */
export interface FirstScreen<D = unknown> {
  data: D;
  /**
   * Images the first screen shows at once (paths or URLs as the client's <Img> gets them; the
   * CDN rule applies): index.html preloads them, so they download in parallel with the scripts.
   */
  preload?: string[];
  /**
   * Client modules the first screen renders, as project paths (`plugins/home/pages/index.page.tsx`):
   * index.html preloads their built chunks, so the page downloads while the entry script runs.
   */
  modules?: string[];
  /**
   * The home route's owner only: its first screen as static HTML (every value escaped, both
   * languages' text marked with `lang`), painted over the app before any script runs and removed
   * once the page mounts. Same classes and boxes as the page, so nothing moves when it goes.
   * Write the largest element first (a first frame may come from a partly parsed page); the
   * page's nav bar (`.sf-page > .sf-navbar`) is put on top wherever it stands.
   */
  paint?: string;
}

/** What a background job gets: the site's data and services; no user, no request. */
export interface JobContext<S = Record<string, unknown>> extends OperatorContext<S> {
  extensions: Extensions;
  log(message: string): void;
}

/**
 * Background work of a plugin (DESIGN §3), e.g. cancelling unpaid orders at their deadline. It
 * runs at start-up (catching up on whatever fell due while the server was down) and then every
 * `everySeconds` while the plugin is enabled. Jobs must be idempotent: find what is due in the
 * database and act on it with conditional updates, so a restart or an overlap never acts twice.
 */
export interface Job<S = Record<string, unknown>> {
  /** Unique within the plugin: `cancel-unpaid`. */
  id: string;
  everySeconds: number;
  /** Returns how many items it handled (logged when not zero). */
  run(ctx: JobContext<S>): Promise<number>;
}

/** A rule the data must hold whatever happened (e.g. a balance equals its ledger); `storefront doctor` checks it. */
export interface Invariant {
  /** Unique within the plugin: `balance-equals-ledger`. */
  id: string;
  description: string;
  /** Every violation, each naming what breaks the rule (`user 7: money 500 ≠ ledger 400`); empty when it holds. */
  check(db: Db): Promise<string[]>;
}

/** What `server.ts` adds to the plugin's descriptor (`plugin.ts`), which holds its identity and settings. */
export interface ServerParts<S extends z.ZodMiniObject = z.ZodMiniObject> {
  migrations?: Migration[];
  routes?: (api: Api<z.output<S>>) => void;
  /**
   * Demo data, run once per plugin on a fresh database by `storefront start --demo` and `storefront seed`.
   * May return lines to print after start-up (e.g. the demo logins); they are kept and printed on every start.
   */
  seed?: (ctx: SeedContext) => Promise<string[] | void>;
  /**
   * The logins `seed` creates with published passwords: `storefront start` without `--demo`
   * refuses a database where one of them still opens its account.
   */
  demoLogins?: readonly { username: string; password: string }[];
  /**
   * Settings the demo shop (`--demo`) runs with where its site file is silent: what suits a
   * showroom and its tests but never a real shop (auth: the pretend third-party platform, no
   * registration limit for the e2e suite and benchmarks registering from one machine).
   */
  demoSettings?: Partial<z.input<S>>;
  /**
   * Data the plugin's first screen needs, written into index.html so the page renders without a
   * round trip (home: banners and notices). Public, in the page's language (`ctx.lang`), and quick: it runs on
   * every page load, is skipped past a short time limit, and a failure only costs that round trip.
   */
  firstScreen?: (ctx: FirstScreenContext<z.output<S>>) => Promise<FirstScreen | null>;
  /** Operator commands mounted by the CLI while the plugin is enabled. */
  commands?: OperatorCommand<z.output<S>>[];
  /** Rules its data must hold, checked by `storefront doctor`. */
  invariants?: Invariant[];
  /** Background jobs, run by `storefront start` while the plugin is enabled. */
  jobs?: Job<z.output<S>>[];
  /**
   * Handlers of other plugins' (or its own) durable events, after their commit: `subscribe(orderPaid,
   * 'commission', async (paid, ctx) => …)` (kernel/server/events.ts). Each runs once per event, in
   * its own transaction; while the plugin is disabled its deliveries wait.
   */
  subscribers?: Subscriber<z.output<S>>[];
  /** Contributions to other plugins' server extension points. */
  contributes?: Contribution[];
  /**
   * Incoming WebSocket message types this plugin handles, by `type` (chat: `single`, `read_msg`).
   * A type belongs to one plugin; `ping`, `pong` and `error` are the kernel's. Run only while the
   * plugin is enabled.
   */
  socket?: Record<string, SocketHandler<z.output<S>>>;
  /**
   * Hears users come online and go offline on the hub (chat tells the other party of each room),
   * while the plugin is enabled. Changes may overtake each other: push the state `services.hub`
   * reports when you send, not the change's flag, so the last push is right.
   */
  presence?: PresenceHandler<z.output<S>>;
  /** Requests third parties send on their own terms (a payment provider's notification), under `/notify/<plugin id>/…` (./webhooks.ts). */
  webhooks?: Webhook<z.output<S>>[];
}

/** What a webhook's handler sees of the site: a call's context without a user or the parsed request. */
export type WebhookContext<S = Record<string, unknown>> = Omit<CallContext<S>, 'user' | 'requireUser' | 'ip' | 'request'>;

/** A webhook: the raw body as text, the headers (lower-case names), the path's `:params`; the reply goes out as given. */
export interface Webhook<S = Record<string, unknown>> {
  /** `/notify/<plugin id>/…`, with `:name` params. */
  path: string;
  handle(
    request: { body: string; headers: Readonly<Record<string, string | undefined>>; params: Readonly<Record<string, string>> },
    ctx: WebhookContext<S>,
  ): Promise<{ status: number; contentType: string; body: string }>;
}

/** A plugin as the server runs it: the identity of its descriptor, and its server parts. */
export interface ServerPlugin<S extends z.ZodMiniObject = z.ZodMiniObject> extends ServerParts<S> {
  id: string;
  version: string;
  requires?: readonly string[];
  core?: boolean;
  /** Settings a site may set under `plugins.<id>.settings` (the descriptor's). */
  settings?: S;
  /** The whole descriptor (`plugin.ts`): routes, menu, extension points, namespaces. A test's inline plugin may go without. */
  descriptor?: PluginDescriptor;
}

/** `plugins/<id>/server.ts`: `export default defineServerPlugin(descriptor, { settings, migrations, routes, … })`. */
export function defineServerPlugin<S extends z.ZodMiniObject = z.ZodMiniObject>(
  descriptor: PluginDescriptor & { settings?: S },
  parts: ServerParts<S> = {},
): ServerPlugin<S> {
  const { id, version, requires, core, settings } = descriptor;
  return { ...parts, id, version, requires, core, settings, descriptor };
}

/** A plugin without a `server.ts`: its descriptor is all the server knows (an id to toggle, its requirements). */
export const descriptorOnly = (descriptor: PluginDescriptor): ServerPlugin => defineServerPlugin(descriptor);
