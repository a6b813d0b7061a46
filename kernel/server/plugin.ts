/**
 * The server side of a plugin (`plugins/<id>/server.ts`): its calls, migrations, demo data and
 * settings. Never imported by the browser.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type * as z from 'zod/mini';
import type { CallDef, PayloadOut, ReplyOf } from '../core/contract';
import type { SiteConfig } from '../core/site';
import type { SocketMessage } from '../core/socket';
import type { UserInfo } from '../core/user';
import type { Clock } from './clock';
import type { PluginDescriptor } from '../core/descriptor';
import type { Contribution, ExtensionPoint } from '../core/extension';
import type { Database } from './database';

export type Lang = 'zh-Hans' | 'en';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface Migration {
  /** Unique, prefixed with the plugin id: `goods_001_init`. Applied in array order, once. */
  name: string;
  /** Migrations see the schema builder only; table types live in `Database`. */
  up: (db: Kysely<unknown>) => Promise<void>;
}

export interface AuthUser {
  id: number;
  username: string;
  isStaff: boolean;
}

/** A login's session: its tokens rotate on refresh, its id stays until it ends. */
export interface Session {
  id: string;
  userId: number;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** The two balances a user holds: money in fen, points in points. */
export type LedgerAccount = 'money' | 'score';

export interface LedgerEntry {
  userId: number;
  account: LedgerAccount;
  /** Positive fen or points. */
  amount: number;
  /** i18n key, `plugin:ledger.reason`. */
  reason: string;
  /** Idempotence key within (account, reason): the same ref never books twice. */
  ref: string;
  memo?: string;
}

export interface NewUser {
  username: string;
  password: string;
  nickname?: string;
  email?: string | null;
  mobile?: string | null;
  avatar?: string;
  /** The inviting user (team programme). */
  parentId?: number | null;
  isStaff?: boolean;
  ip?: string;
}

/** A booked ledger row, as plugins read it. */
export interface LedgerRow {
  id: number;
  userId: number;
  account: LedgerAccount;
  /** Signed: positive credits, negative debits. */
  amount: number;
  balanceAfter: number;
  reason: string;
  ref: string;
  memo: string;
  /** Unix seconds. */
  createdAt: number;
}

/** One page of a user's rows in one account, newest first; `direction` keeps credits (`in`) or debits (`out`) only. */
export interface LedgerHistoryQuery {
  userId: number;
  account: LedgerAccount;
  direction?: 'in' | 'out';
  page: number;
  limit: number;
}

/**
 * A user as plugins see one: never the password hash, and never the balances, which are the
 * ledger's (`ledger.balance`).
 */
export interface UserRecord {
  id: number;
  username: string;
  nickname: string;
  email: string | null;
  mobile: string | null;
  avatar: string;
  isStaff: boolean;
  /** Locked by an operator: no login, no session. */
  locked: boolean;
  /** This user's own invite code. */
  invite: string;
  /** Who invited this user (team programme). */
  parentId: number | null;
}

/** One user by id or by a field unique across accounts (e-mails as stored: trimmed, lower case). */
export type UserKey = { id: number } | { username: string } | { email: string } | { mobile: string } | { invite: string };

/** What plugins may change about a user. Money and points are not here: they move only through the ledger. */
export interface UserPatch {
  nickname?: string;
  /** 0 unknown or secret, 1 male, 2 female. */
  gender?: 0 | 1 | 2;
  /** `YYYY-MM-DD`, or null for none. */
  birthday?: string | null;
  motto?: string;
  avatar?: string;
  /** A binding; null (or '') removes it. */
  email?: string | null;
  mobile?: string | null;
  /** The new password in plain text: the kernel stores only its hash. */
  password?: string;
  /** A locked account cannot log in, and its sessions stop at their next check. */
  locked?: boolean;
  /** Stamped at each login. */
  lastLogin?: { at: number; ip: string };
}

/** A file a user uploaded through the kernel's upload call. */
export interface UploadRecord {
  url: string;
  /** The sniffed type, never the declared one. */
  mime: string;
  size: number;
}

/** The fields that must be unique across accounts. */
export interface Identity {
  username: string;
  email: string | null;
  mobile: string | null;
}

export interface ServerServices {
  passwords: {
    hash(plain: string): Promise<string>;
    verify(hash: string, plain: string): Promise<boolean>;
  };
  tokens: {
    /** Pass `tx` to issue inside the caller's transaction (e.g. with the account it creates). */
    issue(userId: number, tx?: Tx): Promise<TokenPair>;
    /** Rotates a refresh token: the old one stops working. Null when it is unknown or expired. */
    refresh(refreshToken: string): Promise<TokenPair | null>;
    /** Ends the session the refresh token belongs to (and its access tokens). */
    revoke(refreshToken: string): Promise<void>;
    /** Ends one session by its id; false when there was none. */
    end(sessionId: string): Promise<boolean>;
    /**
     * The session (a login, kept across refreshes) an unexpired access or refresh token belongs
     * to; null when the token is unknown, expired, or of the other kind.
     */
    session(token: string, kind: 'access' | 'refresh'): Promise<Session | null>;
    /** Whether the session still runs: its refresh token is unexpired and the account not locked. */
    alive(sessionId: string): Promise<boolean>;
    revokeAll(userId: number): Promise<void>;
    /**
     * Ends every session of the user except the one `currentToken` (an access or refresh token)
     * belongs to, e.g. after a password change; every session when it is not one of theirs.
     */
    revokeOthers(userId: number, currentToken: string): Promise<void>;
    /** The user an access token belongs to: null when unknown, expired, or the account is locked. */
    authenticate(token: string): Promise<AuthUser | null>;
  };
  codes: {
    /** Generates, stores (hashed, with expiry) and delivers a code; rate-limited per target and ip. */
    send(input: { channel: 'sms' | 'email'; target: string; event: string; ip: string; lang: Lang }): Promise<void>;
    /** Checks and consumes a code; counts failed attempts. Throws BizError when wrong or expired. */
    verify(input: { channel: 'sms' | 'email'; target: string; event: string; code: string }): Promise<void>;
  };
  ledger: {
    /** Adds to a balance in the caller's transaction and books the row; returns the new balance. Idempotent by ref. */
    credit(tx: Tx, entry: LedgerEntry): Promise<number>;
    /** Conditional debit (`balance >= amount`); throws BizError `kernel:message.balance_not_enough` when short. */
    debit(tx: Tx, entry: LedgerEntry): Promise<number>;
    /** The balance now (fen or points), read in `q` (pass the caller's transaction inside one). */
    balance(q: Db | Tx, userId: number, account: LedgerAccount): Promise<number>;
    /** One page of a user's rows in one account, newest first, and how many rows the query matches in all. */
    history(q: Db | Tx, query: LedgerHistoryQuery): Promise<{ rows: LedgerRow[]; total: number }>;
  };
  rateLimit: {
    /** Counts one attempt for `key`; throws BizError `kernel:message.too_many` past `limit` within `windowSeconds`. */
    hit(key: string, limit: number, windowSeconds: number): void;
    /** Takes back the newest attempt of `key` (it turned out not to count, e.g. a login that succeeded). */
    undo(key: string): void;
    reset(key: string): void;
  };
  users: {
    /** The first identity field another account already holds, as the i18n key of its refusal; null when free. */
    taken(identity: Identity, tx?: Tx): Promise<string | null>;
    /** User info of spec §3 for replies (token fields empty unless given). */
    info(userId: number, tokens?: TokenPair): Promise<UserInfo>;
    /**
     * Creates an account (password hashed, own invite code generated); returns its id. Throws
     * BizError `kernel:message.username_taken` / `email_taken` / `mobile_taken`. Pass `tx` to
     * create it inside the caller's transaction.
     */
    create(user: NewUser, tx?: Tx): Promise<number>;
    /** One user by id or a unique field; null when there is none. */
    find(q: Db | Tx, key: UserKey): Promise<UserRecord | null>;
    /** Users by id, for lists that name them (rooms, cash-outs); ids without a user are left out. */
    byIds(q: Db | Tx, ids: readonly number[]): Promise<Map<number, UserRecord>>;
    /** Every staff account, locked ones included, by id. */
    staff(q: Db | Tx): Promise<UserRecord[]>;
    /**
     * Whether `plain` is the user's password. An unknown user (null) still costs one hash check,
     * so the time taken does not tell whether an account exists.
     */
    verifyPassword(userId: number | null, plain: string): Promise<boolean>;
    /**
     * Changes profile, binding, password, lock or last-login fields. Throws BizError
     * `kernel:message.email_taken` / `mobile_taken` when another account holds the new binding,
     * and `kernel:message.user_not_found` when there is no such user.
     */
    update(q: Db | Tx, userId: number, patch: UserPatch): Promise<void>;
  };
  uploads: {
    /** The file at `url` when `userId` uploaded it; null otherwise (someone else's, or not an upload). */
    ownedBy(q: Db | Tx, userId: number, url: string): Promise<UploadRecord | null>;
  };
  /** Milliseconds and unix seconds; tests move it. */
  clock: Clock;
  /**
   * The WebSocket hub's connections in this process (kernel/server/hub/): how plugins push to
   * users, e.g. seckill's `{ type: 'seckill', event, seckill_id, goods_id, buy_num }`. Outside
   * `storefront start` (CLI commands, seeds) nobody is connected: `send` returns 0.
   */
  hub: {
    /** Sends to every open connection of the user (each tab is one); how many got it. */
    send(userId: number, message: SocketMessage): number;
    isOnline(userId: number): boolean;
    /** Ids of the users with at least one open connection, ascending. */
    online(): number[];
    /** Sends to every open connection; how many got it. */
    broadcast(message: SocketMessage): number;
    /** Closes every connection of the user (e.g. after locking the account); how many were open. */
    disconnect(userId: number, code?: number): number;
  };
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

export interface Api<S = Record<string, unknown>> {
  /** Serves a call of this plugin's contract. Validation, auth, ownership and the envelope are the kernel's. */
  handle<C extends CallDef>(call: C, handler: Handler<C, S>): void;
}

export interface SeedContext {
  db: Db;
  services: ServerServices;
  /** `data/uploads`: where generated demo images go; they are served under `/uploads/`. */
  uploadsDir: string;
}

/** What a plugin's `firstScreen` reads: the page is the same for every visitor, so there is no user. */
export interface FirstScreenContext<S = Record<string, unknown>> {
  db: Db;
  site: SiteConfig;
  /** This plugin's settings for the site, defaults applied. */
  settings: S;
  services: ServerServices;
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
}

/** What an operator command and an invariant check get: the site's data and services, no HTTP. */
export interface OperatorContext<S = Record<string, unknown>> {
  db: Db;
  services: ServerServices;
  /** This plugin's settings for the site, defaults applied. */
  settings: S;
  site: SiteConfig;
  siteName: string;
  /** Translate `namespace:key` (operators read English). */
  t(key: string, params?: Record<string, string | number>): string;
}

/**
 * An operator command the CLI mounts while the plugin is enabled (DESIGN §3), e.g.
 * `{ command: 'order ship <order-no>', ... }` becomes `storefront order ship <order-no>`.
 * Every command also gets `--site`, `--data-dir` and `--json`.
 */
export interface OperatorCommand<S = Record<string, unknown>> {
  /** Group, name and arguments in commander syntax: `'goods stock <goods-id> <quantity>'`. */
  command: string;
  description: string;
  options?: { flags: string; description: string; default?: string | boolean }[];
  /** Refuse with an OperatorError whose message names every party, or a BizError (translated). */
  run(input: { args: string[]; options: Record<string, unknown>; ctx: OperatorContext<S> }): Promise<OperatorResult>;
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

/** An operator command's refusal: the CLI prints the message alone and exits 1. */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}

export interface OperatorResult {
  /** What a person reads. */
  lines: string[];
  /** What `--json` prints. */
  data: unknown;
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
   * Demo data, run once per plugin on a fresh database by `storefront start` and `storefront seed`.
   * May return lines to print after start-up (e.g. the demo logins); they are kept and printed on every start.
   */
  seed?: (ctx: SeedContext) => Promise<string[] | void>;
  /**
   * Data the plugin's first screen needs, written into index.html so the page renders without a
   * round trip (home: banners and notices). Public and language-neutral, and quick: it runs on
   * every page load, is skipped past a short time limit, and a failure only costs that round trip.
   */
  firstScreen?: (ctx: FirstScreenContext<z.output<S>>) => Promise<FirstScreen | null>;
  /** Operator commands mounted by the CLI while the plugin is enabled. */
  commands?: OperatorCommand<z.output<S>>[];
  /** Rules its data must hold, checked by `storefront doctor`. */
  invariants?: Invariant[];
  /** Background jobs, run by `storefront start` while the plugin is enabled. */
  jobs?: Job<z.output<S>>[];
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
