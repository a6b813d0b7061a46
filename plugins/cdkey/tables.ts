/** The cdkey plugin's tables, merged into the kernel's `Database`. Times are unix seconds. */
import type { Generated } from 'kysely';

export type CdkeyKind = 'balance' | 'score';

export interface CdkeyBatchTable {
  id: Generated<number>;
  kind: CdkeyKind;
  /** What one card credits: fen for a balance card, points for a score card. */
  amount: number;
  count: number;
  note: string;
  /** The first second the cards no longer redeem; null: they never expire. */
  expires_at: number | null;
  /** Set by `storefront cdkey disable`: the batch's unused cards stop redeeming. */
  disabled_at: number | null;
  created_at: number;
}

export interface CdkeyCardTable {
  id: Generated<number>;
  batch_id: number;
  /** The card number, printed on the card; unique. */
  card: string;
  /** sha256 of card number and password (see secrets.ts): the password itself is never stored. */
  password_hash: string;
  used_by: number | null;
  used_at: number | null;
}

declare module '@kernel/server/database' {
  interface Database {
    cdkey_batch: CdkeyBatchTable;
    cdkey_card: CdkeyCardTable;
  }
}
