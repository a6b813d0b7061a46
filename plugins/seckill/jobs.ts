/** The flash-sale plugin's background job: the unsold stock of ended or closed sessions goes back to the SKUs (./unsold.ts). */
import type { Job } from '@kernel/server/plugin';
import { returnUnsold } from './unsold';

export const seckillJobs: Job[] = [{ id: 'return-unsold', everySeconds: 30, run: (ctx) => returnUnsold(ctx.db, ctx.services.clock.nowSeconds()) }];
