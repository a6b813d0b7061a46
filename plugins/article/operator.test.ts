import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@kernel/server/operator-options';
import { OperatorError } from '@kernel/server/plugin';
import { articleContract } from './contract';
import article from './server';
import { articleFixture, HOUR, type ArticleFixture } from './testing';

let f: ArticleFixture;
let dir: string;
beforeAll(async () => {
  f = await articleFixture();
  dir = mkdtempSync(path.join(tmpdir(), 'article-operator-'));
});
afterAll(() => f.t.close());

const command = (name: string) => article.commands!.find((c) => c.command.startsWith(`article ${name}`))!;
const run = (name: string, args: string[], options: Record<string, unknown> = {}) => {
  const t = f.t;
  const ctx = { db: t.db, services: t.services, settings: {}, site: t.site.current().file.site, siteName: 'test', extensions: t.app.storefront.extensions, t: (key: string, params?: Record<string, string | number>) => t.app.storefront.i18n.t('en', key, params) };
  return runCommand(command(name), { args, options, ctx });
};
const refusal = async (running: Promise<unknown>) => {
  const error = await running.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(OperatorError);
  return (error as Error).message.split('\n');
};
const file = (name: string, content: string | Buffer) => {
  const at = path.join(dir, name);
  writeFileSync(at, content);
  return at;
};
const row = (id: number) => f.t.db.selectFrom('article_post').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const idOf = (result: { data: unknown }) => (result.data as { id: number }).id;

describe('storefront article add', () => {
  it('publishes an article: body cleaned, summary from its text, category made when new, goods linked, cover copied', async () => {
    const body = file('body.html', `<h3>冬季穿搭</h3><p>${'保暖又好看的搭配，'.repeat(10)}</p><script>alert(1)</script><img src="/uploads/x.png" onerror="steal()">`);
    const bodyEn = file('body.en.html', '<p>Warm &amp; smart</p>');
    const cover = file('cover.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const { phone, pods } = f.goods;
    const added = await run('add', [], { title: '冬季穿搭指南', titleEn: 'Winter outfits', file: body, fileEn: bodyEn, category: '生活方式', cover, goods: `${pods}, ${phone}` });
    const id = idOf(added);
    expect(added.lines).toEqual([`article ${id} "冬季穿搭指南" in "生活方式", published 2026-03-02 10:00, linking goods ${pods}, ${phone}`]);
    const stored = await row(id);
    expect(stored).toMatchObject({ kind: 'article', title: '冬季穿搭指南', title_en: 'Winter outfits', body_html_en: '<p>Warm &amp; smart</p>', summary_en: 'Warm & smart', hidden: 0 });
    expect(stored.body_html).toBe(`<h3>冬季穿搭</h3><p>${'保暖又好看的搭配，'.repeat(10)}</p><img src="/uploads/x.png" />`);
    expect(stored.summary).toBe(`冬季穿搭 ${'保暖又好看的搭配，'.repeat(10)}`.slice(0, 60) + '…');
    expect(stored.cover).toMatch(/^\/uploads\/article\/[0-9a-f]{32}\.png$/);
    expect(existsSync(path.join(f.t.app.storefront.uploadsDir, stored.cover.slice('/uploads/'.length)))).toBe(true);
    const detail = (await f.t.call(articleContract.detail, { id })).body.data;
    expect(detail).toMatchObject({ category: '生活方式', cover: stored.cover });
    expect(detail.goods.map((g) => g.id)).toEqual([pods, phone]);

    // The same category by name is the same category; a path in the shop is kept as given.
    const again = idOf(await run('add', [], { title: '第二篇', file: body, category: '生活方式', cover: '/uploads/seed/banner-1.jpg' }));
    expect((await row(again)).category_id).toBe(stored.category_id);
    expect((await row(again)).cover).toBe('/uploads/seed/banner-1.jpg');
    expect(await f.t.db.selectFrom('article_category').select('name').where('name', '=', '生活方式').execute()).toHaveLength(1);
  });

  it('schedules an article with --at, in Shanghai time', async () => {
    const body = file('later.html', '<p>即将发布</p>');
    const added = await run('add', [], { title: '预告', file: body, at: '2026-03-05 20:30' });
    expect(added.lines).toEqual([`article ${idOf(added)} "预告", scheduled for 2026-03-05 20:30`]);
    expect(Number((await row(idOf(added))).published_at)).toBe(Date.UTC(2026, 2, 5, 12, 30) / 1000);
    expect((await f.t.call(articleContract.detail, { id: idOf(added) })).body.code).toBe(0);
  });

  it('refuses, listing every problem at once and writing nothing', async () => {
    const before = (await f.t.db.selectFrom('article_post').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    expect(await refusal(run('add', [], { title: '  ', file: file('ok.html', '<p>ok</p>'), at: '2026-02-30 10:00' }))).toEqual([
      '--title: Required',
      '--at: Must be a date and time, YYYY-MM-DD HH:mm',
    ]);
    const empty = file('empty.html', '<script>alert(1)</script>');
    expect(
      await refusal(run('add', [], { title: '坏', file: path.join(dir, 'missing.html'), fileEn: empty, goods: `${f.goods.off},999999`, cover: path.join(dir, 'cover.bmp') })),
    ).toEqual([
      `--file: cannot read "${path.join(dir, 'missing.html')}" (ENOENT)`,
      `--file-en: "${empty}" holds no text`,
      `--goods: goods ${f.goods.off}, goods 999999 do not exist or are not on sale in site \`test\``,
    ]);
    expect(await refusal(run('add', [], { title: '坏', file: file('fine.html', '<p>好</p>'), goods: '1,x', cover: path.join(dir, 'cover.bmp') }))).toEqual([
      '--goods: give goods ids separated by commas, e.g. 1,2 (not "x")',
    ]);
    expect(await refusal(run('add', [], { title: '坏', file: file('fine.html', '<p>好</p>'), cover: path.join(dir, 'cover.bmp') }))).toEqual([
      `--cover: "${path.join(dir, 'cover.bmp')}" is no picture (a .jpg, .png, .gif, .webp or .svg file, a /uploads/… path or an http(s) URL)`,
    ]);
    expect((await f.t.db.selectFrom('article_post').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(before);
  });
});

describe('storefront article notice add', () => {
  it('publishes a notice shoppers see in the notices', async () => {
    const added = await run('notice add', [], { title: '端午发货安排', titleEn: 'Shipping over the holiday', file: file('notice.html', '<p>端午期间正常发货。</p>') });
    const id = idOf(added);
    expect(added.lines).toEqual([`notice ${id} "端午发货安排", published 2026-03-02 10:00`]);
    const notices = (await f.t.call(articleContract.notices, {}, { lang: 'en' })).body.data;
    expect(notices.list[0]).toMatchObject({ id, title: 'Shipping over the holiday', summary: '端午期间正常发货。' });
    expect(command('notice add').options?.shape).not.toHaveProperty('goods');
  });
});

describe('storefront article list / hide / show', () => {
  it('lists posts with kind, category, time or schedule, hidden and reads; hides and shows one again', async () => {
    const id = await f.post({ title: '列表文章', category: '列表分类', publishedAt: f.t.clock.nowSeconds() - HOUR });
    await f.t.call(articleContract.detail, { id, visitor: 'v-list' });
    const scheduled = await f.post({ kind: 'notice', title: '未来公告', publishedAt: f.t.clock.nowSeconds() + 3 * HOUR });
    const { lines, data } = await run('list', [], { limit: '50' });
    expect(lines).toContain(`${id}  article  "列表文章"  列表分类  2026-03-02 09:00  shown  1 reads`);
    expect(lines).toContain(`${scheduled}  notice  "未来公告"  -  scheduled 2026-03-02 13:00  shown  0 reads`);
    expect((data as { id: number; scheduled: boolean }[]).find((r) => r.id === scheduled)).toMatchObject({ scheduled: true, hidden: false });
    expect((await run('list', [], { kind: 'notice', limit: '50' })).lines.every((line) => line.includes('  notice  '))).toBe(true);
    expect(await refusal(run('list', [], { kind: 'news' }))).toEqual(['--kind: Not one of the options (article, notice)']);

    expect((await run('hide', [String(id)])).lines).toEqual([`${id} is hidden from shoppers`]);
    expect((await run('list', [], { limit: '50' })).lines).toContain(`${id}  article  "列表文章"  列表分类  2026-03-02 09:00  hidden  1 reads`);
    expect((await f.t.call(articleContract.detail, { id })).body.code).toBe(0);
    expect((await run('show', [String(id)])).lines).toEqual([`${id} is shown to shoppers again`]);
    expect((await f.t.call(articleContract.detail, { id })).body.code).toBe(1);

    expect(await refusal(run('hide', ['999999']))).toEqual(['no article or notice 999999 in site `test` (`storefront article list`)']);
    expect(await refusal(run('hide', ['abc']))).toEqual(['<id>: Must be a whole number']);
  });
});
