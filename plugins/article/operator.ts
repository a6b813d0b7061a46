/**
 * The article plugin's operator commands, mounted by the CLI while the plugin is enabled:
 *   storefront article add --title T --file body.html [--title-en T] [--file-en body.en.html]
 *     [--summary S] [--category NAME] [--cover PATH] [--goods 1,2] [--at "2026-12-01 10:00"]
 *   storefront article list [--kind article|notice] [--limit N]
 *   storefront article hide <id>   /   storefront article show <id>
 *   storefront article notice add --title T --file body.html [--title-en T] [--file-en …] [--summary S] [--at …]
 * (Notices too live under `storefront article …`: the CLI mounts a plugin's commands under its id.)
 * Options are schemas (kernel/server/operator-options.ts); an add lists every problem at once.
 */
import * as z from 'zod/mini';
import { id as idSchema, limit, optionalText, text } from '@kernel/core/schemas';
import { businessDateTime } from '@kernel/server/clock';
import { businessTime, defineCommand, option } from '@kernel/server/operator-options';
import { OperatorError, type OperatorCommand, type OperatorContext } from '@kernel/server/plugin';
import { bodyFile, checkGoods, coverOf, goodsIdsOf, type Problems } from './operator-input';
import { addPost, setHidden } from './publish';
import type { PostKind } from './tables';

const KINDS = ['article', 'notice'] as const;

const postOptions = {
  title: option(text(120), 'the title (Chinese)', 'text'),
  titleEn: option(optionalText(160), 'the English title (default: the Chinese)', 'text'),
  file: option(text(500), 'an HTML file with the body (cleaned of scripts and the like)', 'path'),
  fileEn: option(optionalText(500), 'an HTML file with the English body (default: the Chinese)', 'path'),
  summary: option(optionalText(255), "a line for the list (default: the body's first words)", 'text'),
  at: option(z.optional(businessTime()), 'when shoppers see it, Asia/Shanghai time (default: now); a time to come schedules it', '"YYYY-MM-DD HH:mm"'),
};

const articleOptions = z.object({
  ...postOptions,
  category: option(optionalText(40), 'its category by name, made when new', 'name'),
  cover: option(optionalText(500), 'a picture: a file (copied among the uploads), a /uploads/… path or an http(s) URL', 'path'),
  goods: option(optionalText(200), 'goods to show under it, in order: ids separated by commas', 'ids'),
});

type PostInput = z.output<z.ZodMiniObject<typeof postOptions>> & Partial<z.output<typeof articleOptions>>;

const when = (seconds: number) => businessDateTime(seconds * 1000).slice(0, 16);

/** Reads, checks and writes a post: every problem at once, nothing written when there is one. */
async function publish(kind: PostKind, options: PostInput, ctx: OperatorContext) {
  const problems: Problems = [];
  const body = await bodyFile(options.file, '--file', problems);
  const bodyEn = options.fileEn ? await bodyFile(options.fileEn, '--file-en', problems) : '';
  const goodsIds = options.goods ? goodsIdsOf(options.goods, problems) : [];
  await checkGoods(ctx, goodsIds, problems);
  // A cover is copied only once the rest holds: a refused add leaves nothing behind.
  if (problems.length > 0 || body === null || bodyEn === null) throw new OperatorError(problems.join('\n'));
  const cover = options.cover ? await coverOf(ctx, options.cover, problems) : '';
  if (problems.length > 0) throw new OperatorError(problems.join('\n'));
  const now = ctx.services.clock.nowSeconds();
  const publishedAt = options.at ?? now;
  const id = await addPost(ctx.db, {
    kind, title: options.title, titleEn: options.titleEn, bodyHtml: body, bodyHtmlEn: bodyEn, summary: options.summary,
    category: options.category, cover, goodsIds, publishedAt, now,
  });
  const where = options.category ? ` in "${options.category}"` : '';
  const linked = goodsIds.length > 0 ? `, linking goods ${goodsIds.join(', ')}` : '';
  const time = publishedAt > now ? `scheduled for ${when(publishedAt)}` : `published ${when(publishedAt)}`;
  return { lines: [`${kind} ${id} "${options.title}"${where}, ${time}${linked}`], data: { id, kind, published_at: publishedAt, cover, goods: goodsIds } };
}

const hideCommand = (hidden: boolean): OperatorCommand =>
  defineCommand({
    command: `article ${hidden ? 'hide' : 'show'} <id>`,
    description: hidden ? 'hide an article or notice from shoppers (`article show` undoes it)' : 'show a hidden article or notice again',
    arguments: z.object({ id: idSchema() }),
    async run({ params: { id }, ctx }) {
      if (!(await setHidden(ctx.db, id, hidden, ctx.services.clock.nowSeconds()))) throw new OperatorError(`no article or notice ${id} in site \`${ctx.siteName}\` (\`storefront article list\`)`);
      return { lines: [`${id} is ${hidden ? 'hidden from shoppers' : 'shown to shoppers again'}`], data: { id, hidden } };
    },
  });

export const articleCommands: OperatorCommand[] = [
  defineCommand({
    command: 'article add',
    description: 'publish an article (or schedule it with --at), in Chinese and optionally English',
    options: articleOptions,
    run: ({ options, ctx }) => publish('article', options, ctx),
  }),
  defineCommand({
    command: 'article notice add',
    description: 'publish a notice (or schedule it with --at), in Chinese and optionally English',
    options: z.object(postOptions),
    run: ({ options, ctx }) => publish('notice', options, ctx),
  }),
  defineCommand({
    command: 'article list',
    description: 'show the newest articles and notices: id, kind, title, category, when published, hidden, reads',
    options: z.object({
      kind: option(z.optional(z.enum(KINDS)), 'only articles or only notices', 'article|notice'),
      limit: option(limit(1000, 20), 'how many to show', 'n'),
    }),
    async run({ options, ctx }) {
      let query = ctx.db
        .selectFrom('article_post as p')
        .leftJoin('article_category as c', 'c.id', 'p.category_id')
        .select(['p.id', 'p.kind', 'p.title', 'c.name as category', 'p.published_at', 'p.hidden', 'p.reads'])
        .orderBy('p.published_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(options.limit);
      if (options.kind) query = query.where('p.kind', '=', options.kind);
      const now = ctx.services.clock.nowSeconds();
      const rows = (await query.execute()).map((r) => ({ ...r, published_at: Number(r.published_at), hidden: r.hidden === 1, reads: Number(r.reads), scheduled: Number(r.published_at) > now }));
      const lines = rows.map((r) =>
        [r.id, r.kind, `"${r.title}"`, r.category ?? '-', r.scheduled ? `scheduled ${when(r.published_at)}` : when(r.published_at), r.hidden ? 'hidden' : 'shown', `${r.reads} reads`].join('  '),
      );
      if (lines.length === 0) lines.push(`no ${options.kind ? `${options.kind}s` : 'articles or notices'} in site \`${ctx.siteName}\``);
      return { lines, data: rows };
    },
  }),
  hideCommand(true),
  hideCommand(false),
];
