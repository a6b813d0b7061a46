import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installServeApp } from '@kernel/server/serve-app';
import { createTestServer, type TestServer } from '@kernel/server/testing';

/** The page `storefront start` serves for `/`, with the home plugin's first screen painted into it. */
describe('the served home page', () => {
  let t: TestServer;
  let web: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-home-dist-'));
  /** The page as a browser in `language` asks for it. */
  const home = async (language = 'zh-CN') => (await web.inject({ method: 'GET', url: '/', headers: { 'accept-language': language } })).body;

  beforeAll(async () => {
    t = await createTestServer({ plugins: ['home', 'goods'], seed: true, now: Date.UTC(2025, 4, 1) });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--bootstrap--></head><body><div id="app"></div></body></html>');
    web = Fastify();
    const { storefront } = t.app;
    installServeApp(web, dist, { site: storefront.site, registry: storefront.registry, db: t.db, services: t.services });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('paints the header and the first banner before the app root, in its real box', async () => {
    const html = await home();
    const paint = html.slice(html.indexOf('<div id="sf-first-paint"'), html.indexOf('<div id="app">'));
    const widths = [128, 256, 375, 750].map((w) => `/uploads/seed/banner-1.jpg?w=${w} ${w}w`).join(', ');
    expect(paint).toContain(
      `<img class="sf-img sf-img--ratio" src="/uploads/seed/banner-1.jpg?w=750" srcset="${widths}" sizes="min(100vw, 450px)" alt="数码焕新季" fetchpriority="high" style="object-fit:cover;aspect-ratio:2.142857142857143">`,
    );
    expect(paint).toContain('<span class="home-header__name">');
    // goods is on: the search bar, in both languages (the page shows the shopper's).
    expect(paint).toContain('<span lang="zh-Hans">搜索商品</span><span lang="en">Search goods</span>');
    expect(paint).not.toContain('banner-2.jpg');
    // The largest paint is written first; the kernel's paint style puts the bar back on top.
    expect(paint.indexOf('banner-1.jpg')).toBeLessThan(paint.indexOf('<header'));
  });

  it("writes the banner's text in the page's language", async () => {
    const html = await home('en-US');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('sizes="min(100vw, 450px)" alt="Digital upgrade season"');
  });

  it('escapes what the banner says', async () => {
    await t.db.updateTable('home_banner').set({ image: '/uploads/a.png?x="1"&y=<2>', title: '<b>"Hi"</b>' }).where('title', '=', '数码焕新季').execute();
    const html = await home();
    expect(html).toContain('src="/uploads/a.png?x=&quot;1&quot;&amp;y=&lt;2&gt;" alt="&lt;b&gt;&quot;Hi&quot;&lt;/b&gt;"');
    expect(html).not.toContain('<b>"Hi"</b>');
  });

  it('paints no banner when there is none', async () => {
    await t.db.updateTable('home_banner').set({ status: 0 }).execute();
    const html = await home();
    expect(html).toContain('<div id="sf-first-paint"');
    expect(html).not.toContain('home-banner');
    expect(html).not.toContain('rel="preload" as="image"');
  });
});
