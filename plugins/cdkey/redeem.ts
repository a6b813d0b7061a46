/**
 * Redeeming a card key. Every attempt counts against the shopper and the ip (a success starts
 * the shopper's count again), so guessing is slowed to a handful of tries per window: counted by
 * `countAttempt`, which the kernel runs before the call's transaction (`before` in ./server.ts), so
 * a refused attempt still counts and a repeat of a request key answered by the kernel does not.
 * A wrong card number and a wrong password get the same answer in the same time. The card is
 * claimed with a conditional update (`used_by is null`) in the transaction that credits it, so of
 * any number of requests racing for one card exactly one claims it, and the credit is booked once.
 */
import { BizError } from '@kernel/core/errors';
import { formatYuan } from '@kernel/core/money';
import { businessDate } from '@kernel/server/clock';
import type { CallContext } from '@kernel/server/plugin';
import type { Redeemed } from './contract';
import { normalise, passwordMatches } from './secrets';
import type { CdkeySettings } from './settings';
import type {} from './tables';

export const REDEEM_REASON = 'cdkey:ledger.redeem';

const userKey = (userId: number) => `cdkey:redeem:user:${userId}`;

/** Counts one attempt against the shopper and the ip; "too many" past either limit. */
export async function countAttempt(ctx: CallContext<CdkeySettings>): Promise<void> {
  const { services, settings } = ctx;
  const window = settings.windowMinutes * 60;
  await services.rateLimit.hit(userKey(ctx.requireUser().id), settings.attemptsPerUser, window);
  await services.rateLimit.hit(`cdkey:redeem:ip:${ctx.ip}`, settings.attemptsPerIp, window);
}

export async function redeem(ctx: CallContext<CdkeySettings>, input: { card: string; password: string }): Promise<Redeemed> {
  const { db, services } = ctx;
  const userId = ctx.requireUser().id;

  const cardNo = normalise(input.card);
  const card = await db
    .selectFrom('cdkey_card as c')
    .innerJoin('cdkey_batch as b', 'b.id', 'c.batch_id')
    .select(['c.id', 'c.password_hash', 'c.used_by', 'b.kind', 'b.amount', 'b.expires_at', 'b.disabled_at'])
    .where('c.card', '=', cardNo)
    .executeTakeFirst();
  if (!passwordMatches(card?.password_hash, cardNo, input.password) || !card) throw new BizError('cdkey:message.wrong');

  // Only someone holding the password learns what became of the card.
  const now = services.clock.nowSeconds();
  if (card.used_by !== null) throw new BizError('cdkey:message.used');
  if (card.disabled_at !== null) throw new BizError('cdkey:message.disabled');
  const expiresAt = card.expires_at === null ? null : Number(card.expires_at);
  if (expiresAt !== null && now >= expiresAt) throw new BizError('cdkey:message.expired', { date: businessDate(expiresAt * 1000 - 1000) });

  const amount = Number(card.amount);
  const account = card.kind === 'balance' ? 'money' : 'score';
  await db.transaction().execute(async (tx) => {
    const claimed = await tx
      .updateTable('cdkey_card')
      .set({ used_by: userId, used_at: now })
      .where('id', '=', card.id)
      .where('used_by', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new BizError('cdkey:message.used');
    await services.ledger.credit(tx, { userId, account, amount, reason: REDEEM_REASON, ref: String(card.id), memo: cardNo });
    await services.rateLimit.reset(userKey(userId), tx);
  });

  const after = { money: formatYuan(await services.ledger.balance(db, userId, 'money')), score: await services.ledger.balance(db, userId, 'score') };
  return card.kind === 'balance' ? { kind: 'balance', amount: formatYuan(amount), ...after } : { kind: 'score', amount, ...after };
}
