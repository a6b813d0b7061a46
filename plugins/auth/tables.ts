/** The auth plugin's tables, merged into the kernel's `Database`. Times are unix seconds. */
import type { Generated } from 'kysely';

/**
 * A third-party identity bound to an account. `subject` is what makes it one identity: the
 * platform's union id when it gives one, else its open id (./third/provider.ts `subjectOf`).
 * Unique per (provider, subject) and per (provider, user_id).
 */
export interface AuthIdentityTable {
  id: Generated<number>;
  provider: string;
  subject: string;
  openid: string;
  /** '' when the platform gives none. */
  unionid: string;
  user_id: number;
  created_at: number;
}

/**
 * An identity a provider verified, kept a short while by the code it was verified with (hashed):
 * a platform's code works once, and the bind page asks twice (bound? then bind).
 */
export interface AuthThirdTicketTable {
  provider: string;
  uuid_hash: string;
  openid: string;
  unionid: string;
  nickname: string;
  avatar: string;
  expires_at: number;
}

/** The `local` pretend platform's own side: the single-use codes it granted (hashed), and to which name. */
export interface AuthLocalCodeTable {
  code_hash: string;
  name: string;
  expires_at: number;
}

declare module '@kernel/server/database' {
  interface Database {
    auth_identity: AuthIdentityTable;
    auth_third_ticket: AuthThirdTicketTable;
    auth_local_code: AuthLocalCodeTable;
  }
}
