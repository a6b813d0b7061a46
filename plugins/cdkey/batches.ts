/**
 * Batches of card keys, for operators: generating one (numbers and passwords from the CSPRNG,
 * passwords stored as digests and shown only in the result), counting their use, disabling one.
 */
import type { Db, OperatorContext } from '@kernel/server/plugin';
import { newCardNumber, newPassword, passwordDigest } from './secrets';
import type { CdkeyKind } from './tables';

export interface NewBatch {
  kind: CdkeyKind;
  /** Fen for a balance card, points for a score card. */
  amount: number;
  count: number;
  note: string;
  expiresAt: number | null;
  /** Unix seconds. */
  now: number;
}

export interface IssuedCard {
  card: string;
  password: string;
}

/** Rows per insert: five columns each stays far under SQLite's bound-parameter limit. */
const CHUNK = 500;

export async function generateBatch(db: Db, batch: NewBatch): Promise<{ batchId: number; cards: IssuedCard[] }> {
  return db.transaction().execute(async (tx) => {
    const { id: batchId } = await tx
      .insertInto('cdkey_batch')
      .values({ kind: batch.kind, amount: batch.amount, count: batch.count, note: batch.note, expires_at: batch.expiresAt, disabled_at: null, created_at: batch.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cards: IssuedCard[] = [];
    // A number already taken (by an older batch, or twice in this one) is drawn again.
    while (cards.length < batch.count) {
      const wanted = Math.min(CHUNK, batch.count - cards.length);
      const drawn = new Map<string, string>();
      while (drawn.size < wanted) drawn.set(newCardNumber(), newPassword());
      const inserted = await tx
        .insertInto('cdkey_card')
        .values([...drawn].map(([card, password]) => ({ batch_id: batchId, card, password_hash: passwordDigest(card, password), used_by: null, used_at: null })))
        .onConflict((oc) => oc.column('card').doNothing())
        .returning('card')
        .execute();
      for (const { card } of inserted) cards.push({ card, password: drawn.get(card) as string });
    }
    return { batchId, cards };
  });
}

export interface BatchSummary {
  id: number;
  kind: CdkeyKind;
  amount: number;
  count: number;
  used: number;
  unused: number;
  note: string;
  expires_at: number | null;
  disabled_at: number | null;
  created_at: number;
}

export async function batchSummaries(db: Db, batchId?: number): Promise<BatchSummary[]> {
  let query = db
    .selectFrom('cdkey_batch as b')
    .leftJoin('cdkey_card as c', 'c.batch_id', 'b.id')
    .select((eb) => [
      'b.id',
      'b.kind',
      'b.amount',
      'b.count',
      'b.note',
      'b.expires_at',
      'b.disabled_at',
      'b.created_at',
      eb.fn.count<number>('c.used_by').as('used'),
      eb.fn.count<number>('c.id').as('cards'),
    ])
    .groupBy(['b.id', 'b.kind', 'b.amount', 'b.count', 'b.note', 'b.expires_at', 'b.disabled_at', 'b.created_at'])
    .orderBy('b.id', 'desc');
  if (batchId !== undefined) query = query.where('b.id', '=', batchId);
  const rows = await query.execute();
  const time = (value: number | null) => (value === null ? null : Number(value));
  return rows.map(({ cards, ...r }) => ({
    ...r,
    amount: Number(r.amount),
    used: Number(r.used),
    unused: Number(cards) - Number(r.used),
    expires_at: time(r.expires_at),
    disabled_at: time(r.disabled_at),
    created_at: Number(r.created_at),
  }));
}

/** The cards of one batch: number, and who used it when (passwords are not kept). */
export async function batchCards({ db, services }: Pick<OperatorContext, 'db' | 'services'>, batchId: number) {
  const rows = await db.selectFrom('cdkey_card').select(['card', 'used_by', 'used_at']).where('batch_id', '=', batchId).orderBy('id').execute();
  const users = await services.users.byIds(db, rows.flatMap((r) => (r.used_by === null ? [] : [r.used_by])));
  return rows.map((r) => ({
    card: r.card,
    used_by: r.used_by,
    username: r.used_by === null ? null : (users.get(r.used_by)?.username ?? null),
    used_at: r.used_at === null ? null : Number(r.used_at),
  }));
}

/** Stops a batch's unused cards from redeeming; false when it was already disabled. */
export async function disableBatch(db: Db, batchId: number, now: number): Promise<boolean> {
  const result = await db.updateTable('cdkey_batch').set({ disabled_at: now }).where('id', '=', batchId).where('disabled_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
