/**
 * The order plugin's background jobs. Deadlines live in the database, so a server that was down
 * catches up at its next start: unpaid orders past their deadline are cancelled and their stock
 * returned; shipped orders are received after `autoReceiveDays`; received ones complete after the
 * after-sales window.
 */
import type { Job } from '@kernel/server/plugin';
import { advanceByAge, expireUnpaid } from './lifecycle';
import type { OrderSettings } from './settings';

export const orderJobs: Job<OrderSettings>[] = [
  { id: 'cancel-unpaid', everySeconds: 15, run: (ctx) => expireUnpaid(ctx) },
  { id: 'auto-receive', everySeconds: 600, run: (ctx) => advanceByAge(ctx, 'receive', ctx.settings.autoReceiveDays) },
  { id: 'complete', everySeconds: 600, run: (ctx) => advanceByAge(ctx, 'complete', ctx.settings.afterSalesDays) },
];
