/**
 * What the kernel's services offer plugins (`ctx.services`): users, sessions, the ledger, uploads,
 * codes, the hub, and the database handles they work in. Types only: `./index.ts` builds them.
 */
import type { Kysely, Transaction } from 'kysely';
import type { SocketMessage } from '../../core/socket';
import type { UserInfo } from '../../core/user';
import type { Clock } from '../clock';
import type { Database } from '../database';
import type { EventDef } from '../events';

export type Lang = 'zh-Hans' | 'en';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

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
    hit(key: string, limit: number, windowSeconds: number): Promise<void>;
    /** Takes back the newest attempt of `key` (it turned out not to count, e.g. a login that succeeded). */
    undo(key: string): Promise<void>;
    /** Forgets every attempt of `key`; in `q` when given, to commit with the success that earned it (pass the caller's transaction inside one). */
    reset(key: string, q?: Db | Tx): Promise<void>;
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
    /**
     * A file the server makes, kept among the uploads as `<folder>/<name>` (plain names) and served
     * at `/uploads/<folder>/<name>`: `make` runs only when it is not there yet. Its URL.
     */
    keep(folder: string, name: string, make: () => Promise<Uint8Array>): Promise<string>;
  };
  /** Durable events (kernel/server/events.ts). */
  events: {
    /**
     * Writes the event in `tx`, the transaction of the move it reports: each subscriber gets it
     * after the commit, at least once, and never if `tx` rolls back. Returns the event's id.
     */
    emit<P>(tx: Tx, event: EventDef<P>, payload: P): Promise<number>;
  };
  /** Milliseconds and unix seconds; tests move it. */
  clock: Clock;
  /**
   * The WebSocket hub (kernel/server/hub/): how plugins push to users, e.g. seckill's
   * `{ type: 'seckill', event, seckill_id, goods_id, buy_num }`. With several API nodes on one
   * PostgreSQL, pushes reach the user's connections on every node, and presence answers for the
   * whole shop. Outside `storefront start` (CLI commands, seeds) nobody is connected here.
   */
  hub: {
    /**
     * Sends to every open connection of the user (each tab is one), on every node; returns how
     * many connections of *this* node got it (the other nodes answer nothing back).
     */
    send(userId: number, message: SocketMessage): number;
    /** Connected to any node (as this node last heard from the others). */
    isOnline(userId: number): boolean;
    /** Ids of the users with at least one open connection on any node, ascending. */
    online(): number[];
    /**
     * Sends to every open connection on every node; how many of this node's it goes to (it leaves
     * them at the end of this turn of the event loop, with the turn's other broadcasts). Visitors'
     * anonymous read-only connections (`?public=1`, no login) get it too: never broadcast anything
     * private (it is public, as a flash sale's `seckill` stock figures are).
     */
    broadcast(message: SocketMessage): number;
    /** Closes every connection of the user on every node (e.g. after locking the account); how many this node closed. */
    disconnect(userId: number, code?: number): number;
  };
}
