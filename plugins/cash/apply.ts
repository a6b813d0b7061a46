/**
 * Requesting a cash-out. The amount is held at once: the cash-out row and the ledger debit of
 * its amount (ref = the cash-out's id) commit together or not at all, and the debit is the
 * kernel's conditional one, so racing requests never take the balance below zero. A retried
 * submission (the form's request key) is answered by the kernel: `idempotent` in ./server.ts.
 */
import { BizError } from '@kernel/core/errors';
import { formatYuan, type Fen } from '@kernel/core/money';
import type { Db, ServerServices, Tx } from '@kernel/server/plugin';
import { businessDayStart, unixSeconds } from '@kernel/server/clock';
import { ownCard } from './cards';
import type { CashInfo, CashRecord } from './contract';
import { cashFee } from './fee';
import { toCashRecord, type Translate } from './records';
import type { CashSettings } from './settings';
import { CASH_STATE, UNPAID } from './states';

export const LEDGER_APPLY = 'cash:ledger.apply';
export const LEDGER_REFUND = 'cash:ledger.refund';

export interface CashRequest {
  userId: number;
  amount: Fen;
  cardId: number;
}

/** What the balance page shows beside a cash-out's rows: the bank and the card's last digits. */
export const ledgerMemo = (row: { bank: string; card_no: string }): string => `${row.bank} ****${row.card_no.slice(-4)}`;

const todayCount = async (tx: Tx | Db, userId: number, now: number): Promise<number> => {
  const { count } = await tx
    .selectFrom('cash_withdrawal')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', unixSeconds(businessDayStart(now)))
    .executeTakeFirstOrThrow();
  return Number(count);
};

export async function applyCash(db: Db, services: ServerServices, settings: CashSettings, t: Translate, input: CashRequest): Promise<CashRecord & { money: string }> {
  if (input.amount < settings.minAmount) throw new BizError('cash:message.below_minimum', { min: formatYuan(settings.minAmount) });
  if (input.amount > settings.maxAmount) throw new BizError('cash:message.above_maximum', { max: formatYuan(settings.maxAmount) });
  const fee = cashFee(input.amount, settings.feeRate);
  const now = services.clock.now();
  return db.transaction().execute(async (tx) => {
    const card = await ownCard(tx, input.userId, input.cardId);
    const row = await tx
      .insertInto('cash_withdrawal')
      .values({
        user_id: input.userId,
        card_id: card.id,
        state: CASH_STATE.pending,
        amount: input.amount,
        fee,
        actual: input.amount - fee,
        holder: card.holder,
        bank: card.bank,
        card_no: card.card_no,
        created_at: unixSeconds(now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Throws "余额不足" when short, which rolls the row back with it.
    const money = await services.ledger.debit(tx, { userId: input.userId, account: 'money', amount: input.amount, reason: LEDGER_APPLY, ref: String(row.id), memo: ledgerMemo(row) });
    // Counted after the debit: on PostgreSQL the debit locks the shopper's row, so racing
    // requests count one after another and a burst cannot slip past the daily limit.
    if (settings.dailyLimit > 0 && (await todayCount(tx, input.userId, now)) > settings.dailyLimit) {
      throw new BizError('cash:message.daily_limit', { count: settings.dailyLimit });
    }
    return { ...toCashRecord(row, t), money: formatYuan(money) };
  });
}

export async function cashInfo(db: Db, services: ServerServices, settings: CashSettings, userId: number): Promise<CashInfo> {
  return {
    money: formatYuan(await services.ledger.balance(db, userId, 'money')),
    min_amount: formatYuan(settings.minAmount),
    max_amount: formatYuan(settings.maxAmount),
    fee_rate: settings.feeRate,
    daily_limit: settings.dailyLimit,
    today_count: await todayCount(db, userId, services.clock.now()),
    pending: formatYuan(await heldAmount(db, userId)),
  };
}

/** Fen held by the user's cash-outs on their way to the bank (debited at the request, not paid yet). */
async function heldAmount(db: Db, userId: number): Promise<number> {
  const { held } = await db
    .selectFrom('cash_withdrawal')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('held'))
    .where('user_id', '=', userId)
    .where('state', 'in', UNPAID)
    .executeTakeFirstOrThrow();
  return Number(held);
}
