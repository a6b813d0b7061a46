/** The home plugin on the server: the home page's banners and notices. Part of the shell. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { homeContract } from './contract';
import { home001Init } from './migrations/home_001_init';
import { seedHome } from './seed';
import { homeContent } from './service';

export default defineServerPlugin({
  id: 'home',
  version: '1.0.0',
  core: true,
  migrations: [home001Init],
  routes(api) {
    api.handle(homeContract.index, (_payload, ctx) => homeContent(ctx.db));
  },
  seed: seedHome,
});
