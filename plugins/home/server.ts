/** The home plugin on the server: the home page's banners and notices. Part of the shell. */
import { defineServerPlugin, type FirstScreen } from '@kernel/server/plugin';
import { homeContract, type HomeContent } from './contract';
import { homeFirstPaint } from './first-paint';
import { home001Init } from './migrations/home_001_init';
import { home002EnglishText } from './migrations/home_002_english_text';
import { seedHome } from './seed';
import { homeContent } from './service';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [home001Init, home002EnglishText],
  routes(api) {
    api.handle(homeContract.index, (_payload, ctx) => homeContent(ctx.db, ctx.lang));
  },
  // The home page's content comes with index.html, in the page's language; the first banner is the page's largest paint,
  // written into the page as static HTML so it paints before the scripts run.
  // (The kernel preloads the home route's page and code.)
  async firstScreen(ctx): Promise<FirstScreen<HomeContent>> {
    const content = await homeContent(ctx.db, ctx.lang);
    return {
      data: content,
      preload: content.banners.slice(0, 1).map((banner) => banner.image),
      paint: homeFirstPaint({ content, site: ctx.site, search: ctx.enabled.includes('goods') }),
    };
  },
  seed: seedHome,
});
