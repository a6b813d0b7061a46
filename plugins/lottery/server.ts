/** The lottery plugin on the server: the wheel, the draw, the shopper's prizes, operator commands and invariants. */
import { businessDate } from '@kernel/server/clock';
import { defineServerPlugin } from '@kernel/server/plugin';
import { lotteryContract } from './contract';
import { draw } from './draw';
import { drawsToday, myDraws } from './history';
import { lotteryInvariants } from './invariants';
import { lottery001Init } from './migrations/lottery_001_init';
import { lotteryCommands } from './operator';
import { shopperWheel } from './prizes';
import { seedLottery } from './seed';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [lottery001Init],
  routes(api) {
    api.handle(lotteryContract.wheel, async (_payload, ctx) => {
      const userId = ctx.requireUser().id;
      const { drawCost, dailyDraws } = ctx.settings;
      const today = businessDate(ctx.services.clock.now());
      return {
        prizes: await shopperWheel(ctx.db, ctx.t),
        cost: drawCost,
        dailyDraws,
        drawsLeft: Math.max(0, dailyDraws - (await drawsToday(ctx.db, userId, today))),
        score: await ctx.services.ledger.balance(ctx.db, userId, 'score'),
      };
    });
    api.handle(lotteryContract.draw, (_payload, ctx) =>
      draw(ctx, { userId: ctx.requireUser().id, cost: ctx.settings.drawCost, dailyDraws: ctx.settings.dailyDraws }),
    );
    api.handle(lotteryContract.prizes, (payload, ctx) => myDraws(ctx.db, { userId: ctx.requireUser().id, page: payload.page, limit: payload.limit }, ctx.t));
  },
  seed: seedLottery,
  commands: lotteryCommands,
  invariants: lotteryInvariants,
});
