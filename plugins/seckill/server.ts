/**
 * The flash-sale plugin on the server: the sessions and goods shoppers (and visitors) read, the
 * `seckill` order source, the push of every purchase, the job giving unsold stock back, operator
 * commands, invariants and demo data. Handlers only parse, call a rule and reply.
 */
import { contribute } from '@kernel/core/extension';
import { defineServerPlugin } from '@kernel/server/plugin';
import { orderSources } from '@plugins/order/public';
import { seckillContract } from './contract';
import descriptor from './plugin';
import { seckill001Init } from './migrations/seckill_001_init';
import { seckillCommands } from './operator';
import { seckillInvariants } from './invariants';
import { seckillJobs } from './jobs';
import { seckillSubscribers } from './push';
import { seedSeckill } from './seed';
import { seckillHome, seckillIndex, seckillOffer, type Viewer } from './sessions';
import type { SeckillSettings } from './settings';
import { seckillSource } from './source';

const viewer = (ctx: { db: Viewer['db']; user: { id: number } | null; lang: Viewer['lang']; services: { clock: { nowSeconds(): number } } }): Viewer => ({
  db: ctx.db,
  userId: ctx.user?.id ?? null,
  lang: ctx.lang,
  now: ctx.services.clock.nowSeconds(),
});

export default defineServerPlugin(descriptor, {
  migrations: [seckill001Init],
  routes(api) {
    api.handle(seckillContract.index, (payload, ctx) => seckillIndex(viewer(ctx), payload.session_id));
    api.handle(seckillContract.home, (_payload, ctx) => seckillHome(viewer(ctx), (ctx.settings as SeckillSettings).homeGoods));
    api.handle(seckillContract.offer, (payload, ctx) => seckillOffer(viewer(ctx), payload.goods_id, payload.sku_id, (ctx.settings as SeckillSettings).payMinutes));
  },
  // The home section's sale comes with index.html, as a visitor sees it (the page is the same for everyone).
  async firstScreen(ctx) {
    const home = await seckillHome({ db: ctx.db, userId: null, lang: ctx.lang, now: ctx.services.clock.nowSeconds() }, ctx.settings.homeGoods);
    return { data: home };
  },
  contributes: contribute(orderSources, seckillSource),
  subscribers: seckillSubscribers,
  jobs: seckillJobs,
  invariants: seckillInvariants,
  seed: seedSeckill,
  commands: seckillCommands,
});
