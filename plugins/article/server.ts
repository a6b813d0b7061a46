/**
 * The article plugin on the server: articles (list, detail counting a read once per reader and
 * day) and notices (list with each shopper's read state, detail marking it read), the operator's
 * `storefront article …` commands, the home notice bar's first screen and the demo articles and
 * notices. Handlers only parse, call a
 * rule and reply: the rules take domain inputs.
 */
import { defineServerPlugin, type FirstScreen } from '@kernel/server/plugin';
import { articleDetail, listArticles } from './articles';
import { articleContract, type NoticePage } from './contract';
import { HOME_NOTICES } from './first-screen';
import { article001Init } from './migrations/article_001_init';
import { listNotices, readNotice } from './notices';
import { articleCommands } from './operator';
import descriptor from './plugin';
import { readerOf } from './reads';
import { seedArticles } from './seed';

export default defineServerPlugin(descriptor, {
  migrations: [article001Init],
  routes(api) {
    api.handle(articleContract.list, (payload, ctx) =>
      listArticles(ctx.db, { categoryId: payload.category_id, keyword: payload.keyword, page: payload.page, limit: payload.limit, now: ctx.services.clock.nowSeconds(), lang: ctx.lang }),
    );
    api.handle(articleContract.detail, (payload, ctx) =>
      articleDetail(ctx.db, { id: payload.id, reader: readerOf({ userId: ctx.user?.id ?? null, visitor: payload.visitor, ip: ctx.ip }), now: ctx.services.clock.nowSeconds(), lang: ctx.lang }),
    );
    api.handle(articleContract.notices, (payload, ctx) =>
      listNotices(ctx.db, { userId: ctx.user?.id ?? null, page: payload.page, limit: payload.limit, now: ctx.services.clock.nowSeconds(), lang: ctx.lang }),
    );
    api.handle(articleContract.notice, (payload, ctx) => readNotice(ctx.db, { id: payload.id, userId: ctx.user?.id ?? null, now: ctx.services.clock.nowSeconds(), lang: ctx.lang }));
  },
  // The home page's notice bar paints from index.html (./first-screen.ts): the newest notices as a visitor sees them.
  async firstScreen(ctx): Promise<FirstScreen<NoticePage>> {
    return { data: await listNotices(ctx.db, { userId: null, page: 1, limit: HOME_NOTICES, now: ctx.services.clock.nowSeconds(), lang: ctx.lang }) };
  },
  commands: articleCommands,
  seed: seedArticles,
});
