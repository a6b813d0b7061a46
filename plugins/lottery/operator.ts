/**
 * The lottery plugin's operator commands, mounted by the CLI while the plugin is enabled:
 *   storefront lottery list
 *   storefront lottery prize <slot> --kind score --amount 50 --weight 10 --stock 100 [--label …] [--off]
 *   storefront lottery prize <slot> --kind coupon --coupon 3 --stock 20 --label 无门槛5元
 */
import { formatYuan } from '@kernel/core/money';
import { businessDate } from '@kernel/server/clock';
import { OperatorError, type Db, type OperatorCommand } from '@kernel/server/plugin';
import type { PrizeKind } from './contract';
import { checkPrizeOptions } from './prize-options';
import { candidate, setSlot, wheelRows, type PrizeRow } from './prizes';
import { drawable } from './pick';
import type { LotterySettings } from './settings';

/** The kinds an operator may put on the wheel. */
export const PRIZE_KINDS: readonly PrizeKind[] = ['score', 'balance', 'coupon', 'thanks'];

const worthInWords = (row: Pick<PrizeRow, 'kind' | 'amount' | 'coupon_id'>) => {
  switch (row.kind) {
    case 'score':
      return `${row.amount} points`;
    case 'balance':
      return `¥${formatYuan(row.amount)} balance`;
    case 'coupon':
      return `coupon ${row.coupon_id}`;
    case 'thanks':
      return 'thanks for playing';
  }
};

async function drawsBySlot(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom('lottery_draw').select(['slot', (eb) => eb.fn.countAll<number>().as('draws')]).groupBy('slot').execute();
  return new Map(rows.map((row) => [Number(row.slot), Number(row.draws)]));
}

export const lotteryCommands: OperatorCommand<LotterySettings>[] = [
  {
    command: 'lottery list',
    description: "show the wheel's eight prizes with their weights, chances, stock and draws",
    async run({ ctx }) {
      const rows = await wheelRows(ctx.db);
      const draws = await drawsBySlot(ctx.db);
      const total = rows.filter((row) => drawable(candidate(row))).reduce((sum, row) => sum + row.weight, 0);
      const today = businessDate(ctx.services.clock.now());
      const { drawsToday } = await ctx.db
        .selectFrom('lottery_draw')
        .select((eb) => eb.fn.countAll<number>().as('drawsToday'))
        .where('business_date', '=', today)
        .executeTakeFirstOrThrow();
      const prizes = rows.map((row) => {
        const chance = drawable(candidate(row)) && total > 0 ? row.weight / total : 0;
        return {
          slot: row.slot,
          kind: row.kind,
          amount: row.kind === 'balance' ? formatYuan(row.amount) : row.amount,
          coupon_id: row.coupon_id,
          label: row.label,
          weight: row.weight,
          chance: Math.round(chance * 10_000) / 100,
          stock: row.stock,
          enabled: row.enabled === 1,
          draws: draws.get(row.slot) ?? 0,
        };
      });
      const lines = [
        `the wheel of site \`${ctx.siteName}\`: a draw costs ${ctx.settings.drawCost} points, ${ctx.settings.dailyDraws} draws per shopper a day; ${[...draws.values()].reduce((a, b) => a + b, 0)} draws in all, ${Number(drawsToday)} today (${today})`,
        ...prizes.map((p, i) => {
          const row = rows[i];
          const label = p.label ? ` "${p.label}"` : '';
          const stock = p.stock === null ? 'unlimited stock' : `stock ${p.stock}`;
          const state = p.enabled ? '' : ', off';
          return `slot ${p.slot}: ${worthInWords(row)}${label}, weight ${p.weight} (${p.chance.toFixed(2)} %), ${stock}, ${p.draws} draws${state}`;
        }),
      ];
      return { lines, data: { drawCost: ctx.settings.drawCost, dailyDraws: ctx.settings.dailyDraws, drawsToday: Number(drawsToday), prizes } };
    },
  },
  {
    command: 'lottery prize <slot>',
    description: 'set the prize in one slot (0–7) of the wheel: its kind, amount, weight and stock',
    options: [
      { flags: '--kind <kind>', description: `${PRIZE_KINDS.join(' | ')}` },
      { flags: '--amount <n>', description: 'points for a score prize (e.g. 50), yuan for a balance prize (e.g. 5 or 0.88)' },
      { flags: '--coupon <id>', description: 'the coupon a coupon prize grants (`storefront coupon list`); give it a --label, e.g. its name' },
      { flags: '--weight <n>', description: "the prize's share of the draws, a whole number ≥ 0 (0: never drawn); default: the slot's current weight" },
      { flags: '--stock <n>', description: 'how many can be won, or "unlimited" (the default for thanks)' },
      { flags: '--label <text>', description: 'what the wheel shows instead of the amount in words (at most 20 characters)' },
      { flags: '--off', description: 'keep it on the wheel but never draw it' },
    ],
    async run({ args, options, ctx }) {
      const rows = await wheelRows(ctx.db);
      const slotArg = String(args[0] ?? '');
      const current = rows.find((row) => String(row.slot) === slotArg.trim());
      const checked = checkPrizeOptions(slotArg, options, { weight: current?.weight ?? 1 }, PRIZE_KINDS);
      if ('problems' in checked) throw new OperatorError(`slot ${slotArg} of site \`${ctx.siteName}\` was not changed:\n  ${checked.problems.join('\n  ')}`);
      const { slot, prize } = checked;
      await setSlot(ctx.db, slot, prize);
      const stock = prize.stock === null ? 'unlimited stock' : `stock ${prize.stock}`;
      const row = { kind: prize.kind, amount: prize.amount, coupon_id: prize.couponId };
      return {
        lines: [`slot ${slot} of site \`${ctx.siteName}\`: ${worthInWords(row)}${prize.label ? ` "${prize.label}"` : ''}, weight ${prize.weight}, ${stock}${prize.enabled ? '' : ', off'}`],
        data: { slot, ...prize, amount: prize.kind === 'balance' ? formatYuan(prize.amount) : prize.amount },
      };
    },
  },
];
