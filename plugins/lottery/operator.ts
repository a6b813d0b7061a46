/**
 * The lottery plugin's operator commands, mounted by the CLI while the plugin is enabled:
 *   storefront lottery list
 *   storefront lottery prize <slot> --kind score --amount 50 --weight 10 --stock 100 [--label …] [--off]
 *   storefront lottery prize <slot> --kind coupon --coupon 3 --stock 20 --label 无门槛5元
 */
import { formatYuan } from '@kernel/core/money';
import { businessDate } from '@kernel/server/clock';
import { defineCommand } from '@kernel/server/operator-options';
import type { Db, OperatorCommand } from '@kernel/server/plugin';
import { checkPrize, prizeArguments, prizeOptions, slotPrizeOf } from './prize-options';
import { candidate, setSlot, wheelRows, type PrizeRow } from './prizes';
import { drawable } from './pick';
import type { LotterySettings } from './settings';

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
  defineCommand({
    command: 'lottery prize <slot>',
    description: 'set the prize in one slot (0–7) of the wheel: its kind, amount, weight and stock',
    arguments: prizeArguments,
    options: prizeOptions,
    check: checkPrize,
    async run({ params, options, ctx }) {
      const rows = await wheelRows(ctx.db);
      const current = rows.find((row) => row.slot === params.slot);
      const { slot, prize } = slotPrizeOf(options, params.slot, current?.weight ?? 1);
      await setSlot(ctx.db, slot, prize);
      const stock = prize.stock === null ? 'unlimited stock' : `stock ${prize.stock}`;
      const row = { kind: prize.kind, amount: prize.amount, coupon_id: prize.couponId };
      return {
        lines: [`slot ${slot} of site \`${ctx.siteName}\`: ${worthInWords(row)}${prize.label ? ` "${prize.label}"` : ''}, weight ${prize.weight}, ${stock}${prize.enabled ? '' : ', off'}`],
        data: { slot, ...prize, amount: prize.kind === 'balance' ? formatYuan(prize.amount) : prize.amount },
      };
    },
  }),
];
