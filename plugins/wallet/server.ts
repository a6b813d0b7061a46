/** The wallet on the server: the balance and score calls of spec §7, each with the caller's ledger. */
import { formatYuan } from '@kernel/core/money';
import { defineServerPlugin, type CallContext } from '@kernel/server/plugin';
import { walletContract, type BalancePage, type LedgerRow, type ScorePage } from './contract';
import { readLedger, type LedgerQuery } from './ledger';
import { reasonText, signedYuan } from './rules';
import descriptor from './plugin';

type Payload = Omit<LedgerQuery, 'userId' | 'account'>;

async function ledgerReply<V>(ctx: CallContext, account: LedgerQuery['account'], payload: Payload, value: (n: number) => V, signed: (n: number) => V) {
  const slice = await readLedger(ctx.db, { ...payload, account, userId: ctx.requireUser().id });
  const list = slice.rows.map(
    (row): LedgerRow<V> => ({
      id: row.id,
      amount: signed(row.amount),
      balance_after: value(row.balance_after),
      reason: reasonText(ctx.t, row.reason, row.amount),
      memo: row.memo,
      createtime: row.created_at,
    }),
  );
  return { current: value(slice.value), list, total: slice.total, page: payload.page, limit: payload.limit };
}

export default defineServerPlugin(descriptor, {
  routes(api) {
    api.handle(walletContract.balance, async (payload, ctx): Promise<BalancePage> => {
      const { current, ...page } = await ledgerReply(ctx, 'money', payload, formatYuan, signedYuan);
      return { money: current, ...page };
    });
    api.handle(walletContract.integral, async (payload, ctx): Promise<ScorePage> => {
      const { current, ...page } = await ledgerReply(ctx, 'score', payload, (n) => n, (n) => n);
      return { score: current, ...page };
    });
  },
});
