/**
 * The database schema as Kysely sees it. The kernel declares its own tables here; each plugin
 * adds its tables by declaration merging in its `service.ts` or `tables.ts`:
 *
 *   declare module '@kernel/server/database' {
 *     interface Database { goods_goods: GoodsTable }
 *   }
 *
 * Money columns are integer fen, points integer points. Times are unix seconds (integers).
 */
import type { Generated } from 'kysely';

export interface KernelUserTable {
  id: Generated<number>;
  username: string;
  nickname: string;
  password_hash: string;
  email: string | null;
  mobile: string | null;
  avatar: string;
  /** 0 unknown/secret, 1 male, 2 female. */
  gender: number;
  birthday: string | null;
  /** Balance in fen; changes only through the ledger. */
  money: number;
  /** Points; changes only through the ledger. */
  score: number;
  motto: string;
  /** This user's own invite code. */
  invite: string;
  /** Who invited this user (team programme). */
  parent_id: number | null;
  is_staff: number;
  /** 1 active, 0 locked. */
  status: number;
  jointime: number;
  joinip: string;
  lastlogintime: number | null;
  lastloginip: string;
}

export interface KernelTokenTable {
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  kind: 'access' | 'refresh';
  /** The session (a login) the token belongs to: kept when a refresh rotates the pair, so they are revoked together. */
  family: string;
  expires_at: number;
  created_at: number;
}

export interface KernelLedgerTable {
  id: Generated<number>;
  user_id: number;
  account: 'money' | 'score';
  /** Signed change in fen or points. */
  amount: number;
  balance_after: number;
  /** i18n key of the reason, e.g. `order:ledger.pay`. */
  reason: string;
  /** Idempotence key: one row per (account, reason, ref). */
  ref: string;
  memo: string;
  created_at: number;
}

export interface KernelCodeTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  target: string;
  event: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  used_at: number | null;
  ip: string;
  created_at: number;
}

export interface KernelOutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  target: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface KernelUploadTable {
  id: Generated<number>;
  user_id: number | null;
  url: string;
  mime: string;
  size: number;
  sha1: string;
  created_at: number;
}

export interface KernelMigrationTable {
  plugin: string;
  name: string;
  version: string;
  applied_at: number;
}

export interface KernelSeedTable {
  plugin: string;
  /** JSON array of lines to print on start (demo logins). */
  notes: string;
  seeded_at: number;
}

/** One counted attempt of a rate limit (services.rateLimit). */
export interface KernelRateHitTable {
  id: Generated<number>;
  key: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** The live site configuration, shared by the nodes of a PostgreSQL shop. */
export interface KernelSiteTable {
  name: string;
  body: string;
  version: number;
  updated_at: number;
}

/** An event written in the transaction that made it happen (kernel/server/events.ts). */
export interface KernelEventTable {
  id: Generated<number>;
  name: string;
  /** JSON. */
  payload: string;
  created_at: number;
}

/** One subscriber's delivery of one event: done once, retried with backoff, `failed` after too many attempts. */
export interface KernelEventDeliveryTable {
  event_id: number;
  /** `<plugin>/<name>`. */
  subscriber: string;
  state: 'pending' | 'done' | 'failed';
  attempts: number;
  /** Unix seconds: not tried before. */
  next_at: number;
  last_error: string;
  done_at: number | null;
}

/** What an idempotent call's request key did (kernel/server/idempotency.ts), kept a day. */
export interface KernelRequestTable {
  id: Generated<number>;
  user_id: number;
  path: string;
  request_key: string;
  fingerprint: string;
  /** The reply's `data` as JSON. */
  reply: string | null;
  created_at: number;
}

export interface Database {
  kernel_event: KernelEventTable;
  kernel_event_delivery: KernelEventDeliveryTable;
  kernel_rate_hit: KernelRateHitTable;
  kernel_request: KernelRequestTable;
  kernel_site: KernelSiteTable;
  kernel_seed: KernelSeedTable;
  kernel_user: KernelUserTable;
  kernel_token: KernelTokenTable;
  kernel_ledger: KernelLedgerTable;
  kernel_code: KernelCodeTable;
  kernel_outbox: KernelOutboxTable;
  kernel_upload: KernelUploadTable;
  kernel_migration: KernelMigrationTable;
}
