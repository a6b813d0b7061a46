/**
 * A shopper's bank cards: added once per number, at most `maxCards`, always read back masked,
 * removable unless a cash-out to the card is still on its way. Another shopper's card is "not
 * found", never "not yours".
 */
import { BizError } from '@kernel/core/errors';
import type { Db, Tx } from '@kernel/server/plugin';
import { recogniseBank } from './bank-bin';
import type { BankCard } from './contract';
import { toBankCard } from './records';
import { UNPAID } from './states';

export interface NewCard {
  userId: number;
  holder: string;
  /** Digits only (the contract strips spaces and checks the number). */
  card: string;
  /** The shopper's bank name; empty to take the one the number tells. */
  bank?: string;
  mobile: string;
  maxCards: number;
  /** Unix seconds. */
  now: number;
}

export async function addCard(db: Db, input: NewCard): Promise<BankCard> {
  const guess = recogniseBank(input.card);
  // The shopper may correct the recognised name (a branch, a renamed bank); it is only needed
  // when the data does not know the number.
  const bank = input.bank?.trim() || guess.bank;
  if (!bank) throw new BizError('cash:message.bank_required', {}, { field: 'bank' });
  return db.transaction().execute(async (tx) => {
    const { count } = await tx
      .selectFrom('cash_card')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', input.userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= input.maxCards) throw new BizError('cash:message.cards_full', { max: input.maxCards });
    // The unique index settles the same number added twice, even by racing requests.
    const row = await tx
      .insertInto('cash_card')
      .values({ user_id: input.userId, holder: input.holder, card_no: input.card, bank, card_type: guess.type, mobile: input.mobile, created_at: input.now })
      .onConflict((oc) => oc.columns(['user_id', 'card_no']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new BizError('cash:message.card_exists', { last4: input.card.slice(-4) }, { field: 'card' });
    return toBankCard(row);
  });
}

export async function listCards(db: Db, userId: number): Promise<BankCard[]> {
  const rows = await db.selectFrom('cash_card').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map(toBankCard);
}

/** The caller's card by id, inside a transaction; "not found" for anyone else's. */
export async function ownCard(tx: Tx, userId: number, cardId: number) {
  const card = await tx.selectFrom('cash_card').selectAll().where('id', '=', cardId).where('user_id', '=', userId).executeTakeFirst();
  if (!card) throw new BizError('cash:message.card_not_found');
  return card;
}

export async function deleteCard(db: Db, userId: number, cardId: number): Promise<{ bank_id: number }> {
  return db.transaction().execute(async (tx) => {
    await ownCard(tx, userId, cardId);
    // Pending and approved cash-outs still go to this card: the shopper should see it until paid.
    const unpaid = await tx
      .selectFrom('cash_withdrawal')
      .select('id')
      .where('card_id', '=', cardId)
      .where('state', 'in', [...UNPAID])
      .executeTakeFirst();
    if (unpaid) throw new BizError('cash:message.card_in_use');
    await tx.deleteFrom('cash_card').where('id', '=', cardId).where('user_id', '=', userId).execute();
    return { bank_id: cardId };
  });
}
