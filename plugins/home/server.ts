/** The home plugin on the server: the home page's banners and notices. Part of the shell. */
import { defineServerPlugin, type FirstScreen } from '@kernel/server/plugin';
import { homeContract, type HomeContent } from './contract';
import { home001Init } from './migrations/home_001_init';
import { seedHome } from './seed';
import { homeContent } from './service';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [home001Init],
  routes(api) {
    api.handle(homeContract.index, (_payload, ctx) => homeContent(ctx.db));
  },
  // The home page's content comes with index.html; the first banner is the page's largest paint.
  // (The kernel preloads the home route's page and code.)
  async firstScreen(ctx): Promise<FirstScreen<HomeContent>> {
    const content = await homeContent(ctx.db);
    return { data: content, preload: content.banners.slice(0, 1).map((banner) => banner.image) };
  },
  seed: seedHome,
});
