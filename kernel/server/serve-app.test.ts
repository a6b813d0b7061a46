import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '../core/language';
import { bootstrapInPage, type Bootstrap } from '../core/bootstrap';
import { createApp } from './app';
import { fakeProject, wishPlugin, type FakePlugin } from './fake-project';
import { signHeaders } from './pipeline/signature';
import { injectBootstrap } from './serve-app';
import type { FastifyInstance } from 'fastify';

/** A plugin whose `firstScreen` body is `screen` (it sees `ctx`). */
const screenPlugin = (id: string, screen: string): FakePlugin => ({
  descriptor: { id, version: '2.0.0' },
  server: `
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
export default defineServerPlugin(descriptor, {
  async firstScreen(ctx) {
    ${screen}
  },
});
`,
});

const bootstrapIn = (html: string): Bootstrap => bootstrapInPage(html)!;

const bootstrap: Bootstrap = { site: 's', apiUrl: '', appKey: 'k', appSecret: '</script><b>', frontHost: '' };

describe('bootstrap injection', () => {
  it('writes the bootstrap as a data block at the end of the body that cannot be closed early', () => {
    const html = injectBootstrap('<head><!--bootstrap--><script src="/assets/x.js"></script></head><body><div id="app"></div></body>', bootstrap);
    expect(html).toBe(
      '<head><script src="/assets/x.js"></script></head><body><div id="app"></div>' +
        '<script type="application/json" id="sf-bootstrap">{"site":"s","apiUrl":"","appKey":"k","appSecret":"\\u003c/script>\\u003cb>","frontHost":""}</script></body>',
    );
    expect(bootstrapInPage(html)).toEqual(bootstrap);
  });

  it('puts a preload link per first-screen image before the script, attributes escaped', () => {
    const html = injectBootstrap('<head><!--bootstrap--></head>', { ...bootstrap, appSecret: '$&' }, { images: ['/u/a.png?x=1&y="2"'] });
    expect(html).toMatch(/^<head><link rel="preload" as="image" href="\/u\/a\.png\?x=1&amp;y=&quot;2&quot;" fetchpriority="high"><\/head>/);
    expect(html).toContain('"appSecret":"$&"');
  });

  it("writes a first paint before the app's root and applies its page's styles after the entry's", () => {
    const template = '<head><!--bootstrap--><link rel="stylesheet" href="/assets/index.css"></head><body><div id="app"></div></body>';
    const html = injectBootstrap(template, bootstrap, { styles: ['/assets/home.css'], paint: '<div id="sf-first-paint"></div>' });
    expect(html).toContain('<link rel="stylesheet" href="/assets/index.css"><link rel="stylesheet" crossorigin href="/assets/home.css"></head>');
    expect(html).not.toContain('rel="preload" as="style"');
    expect(html).toContain('<body><div id="sf-first-paint"></div><div id="app"></div>');
  });

  it("with the paint's rules inlined, asks for no stylesheet or script before the paint: they wait in a template for the starter", () => {
    const template =
      '<head><!--bootstrap--><script type="module" crossorigin src="/assets/entry.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/kit.css"></head><body><div id="app"></div></body>';
    const html = injectBootstrap(template, bootstrap, {
      images: ['/u/banner.jpg'],
      scripts: ['/assets/page.js', '/assets/runtime.js'],
      styles: ['/assets/home.css'],
      paint: '<div id="sf-first-paint"></div>',
      critical: '.a{color:red}</style>',
    });
    const head = html.slice(0, html.indexOf('</head>'));
    // Only the painted picture is asked for early.
    expect(head).toBe('<head><link rel="preload" as="image" href="/u/banner.jpg" fetchpriority="high"><style>.a{color:red}<\\/style></style>');
    // The starter runs after the paint is parsed; the template keeps the cascade's order, then every chunk once.
    expect(html).toMatch(
      /<div id="sf-first-paint"><\/div><div id="app"><\/div><script type="application\/json" id="sf-bootstrap">[^<]*<\/script><template id="sf-after-paint">(.*)<\/template><script>\(function\(d,entry,wait\)\{.*\}\)\(document,"\/assets\/entry\.js",1000\)<\/script><\/body>$/,
    );
    expect(/<template id="sf-after-paint">(.*)<\/template>/.exec(html)![1]).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/kit.css"><link rel="stylesheet" crossorigin href="/assets/home.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/runtime.js"><link rel="modulepreload" crossorigin href="/assets/page.js"><link rel="modulepreload" crossorigin href="/assets/entry.js">',
    );
  });

  it('without inlined rules (none found), the paint waits for the stylesheets and the entry runs as built', () => {
    const template = '<head><!--bootstrap--><script type="module" crossorigin src="/assets/entry.js"></script></head><body><div id="app"></div></body>';
    const html = injectBootstrap(template, bootstrap, { styles: ['/assets/home.css'], paint: '<div id="sf-first-paint"></div>', critical: '' });
    expect(html).toContain('<script type="module" crossorigin src="/assets/entry.js"></script><link rel="stylesheet" crossorigin href="/assets/home.css"></head>');
    expect(html).not.toContain('function(d,entry');
    expect(html).not.toContain('<template');
  });

  it('puts the preloads before the first script when the marker is missing', () => {
    const html = injectBootstrap('<head><title>x</title><script type="module" src="/a.js"></script></head>', bootstrap, { images: ['/b.png'] });
    expect(html.indexOf('/b.png')).toBeLessThan(html.indexOf('/a.js'));
    expect(bootstrapInPage(html)).toEqual(bootstrap);
  });
});

describe('serving the built app', () => {
  const project = fakeProject({
    wish: wishPlugin,
    news: screenPlugin(
      'news',
      `return {
        data: { headline: 'Sale </script> now', limit: ctx.settings.limit ?? null, site: ctx.site.siteName },
        preload: ['/uploads/a.png', 'https://img.example.com/b.png', '/uploads/a.png'],
        modules: ['plugins/news/page.tsx'],
      };`,
    ),
    broken: screenPlugin('broken', `throw new Error('no database today');`),
    slow: screenPlugin('slow', `return new Promise(() => {});`),
    off: screenPlugin('off', `return { data: { secret: 'disabled plugins say nothing' }, preload: ['/uploads/off.png'] };`),
  });
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-dist-'));
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--bootstrap--></head><body></body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js'), `export const words = ${JSON.stringify('storefront '.repeat(500))};`);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', src: 'index.html', isEntry: true, imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-1.js' },
        '_kit.js': { file: 'assets/kit-2.js', imports: ['_shared.js'], css: ['assets/kit-2.css'] },
        '../plugins/news/page.tsx': { file: 'assets/page-3.js', src: '../plugins/news/page.tsx', isDynamicEntry: true, imports: ['_kit.js', '_shared.js'], css: ['assets/page-3.css'] },
      }),
    );
    project.write(
      'config/sites/default.json',
      JSON.stringify({
        site: { apiUrl: '', siteName: 'Demo', cdnUrl: 'https://cdn.example.com' },
        app: { key: 'key1', secret: 'sec1' },
        frontHost: 'www.example.com',
        plugins: { wish: { enabled: true }, news: { enabled: true }, broken: { enabled: true }, slow: { enabled: true }, off: { enabled: false } },
      }),
    );
    app = await createApp({ root: project.root, dataDir: path.join(project.root, 'data'), site: 'default', serveApp: { distDir: dist } });
  });
  afterAll(async () => {
    await app.close();
    project.remove();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html with the bootstrap of the live site, never cached without asking', async () => {
    for (const url of ['/', '/index.html']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(bootstrapIn(page.body)).toMatchObject({
        site: 'default',
        apiUrl: '',
        appKey: 'key1',
        appSecret: 'sec1',
        frontHost: 'www.example.com',
      });
      // The enabled plugins come in the index reply, as descriptors (checked below), not as a list of their own.
      expect(bootstrapIn(page.body)).not.toHaveProperty('plugins');
      expect(page.body).not.toContain('<!--bootstrap-->');
    }
  });

  it('carries the /api/index/index reply, so the app renders without asking', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const index = await app.inject({ method: 'POST', url: '/api/index/index', headers: signHeaders({ key: 'key1', secret: 'sec1' }, Date.now()), payload: {} });
    expect(JSON.parse(index.body).code).toBe(1);
    expect(bootstrapIn(page.body).index).toEqual(JSON.parse(index.body).data);
    expect(bootstrapIn(page.body).index?.plugins.map((p) => p.id)).toEqual(['broken', 'news', 'slow', 'wish']);
  });

  it("carries enabled plugins' first-screen data and preloads their images; failing, slow and disabled ones add nothing", async () => {
    const started = Date.now();
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(Date.now() - started).toBeLessThan(2_000);
    const { data } = bootstrapIn(page.body);
    expect(data).toEqual({ news: { headline: 'Sale </script> now', limit: null, site: 'Demo' } });
    expect(page.body).toContain('Sale \\u003c/script> now');
    const preloads = [...page.body.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual(['https://cdn.example.com/uploads/a.png?w=750', 'https://img.example.com/b.png']);
    expect(page.body).toContain(' imagesrcset="https://cdn.example.com/uploads/a.png?w=128 128w, https://cdn.example.com/uploads/a.png?w=256 256w,');
    expect(page.body).toContain(' imagesizes="min(100vw, 450px)" fetchpriority="high">');
  });

  it("preloads the chunks of a first screen's page that the entry does not already load", async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const links = (rel: string) => [...page.body.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map((m) => m[1]);
    expect(links('modulepreload')).toEqual(['/assets/page-3.js', '/assets/kit-2.js']);
    expect(links('preload" as="style')).toEqual(['/assets/page-3.css', '/assets/kit-2.css']);
    // Vite's loader adds the page's stylesheets with crossorigin; a preload without it goes unused.
    expect(page.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/page-3.css">');
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('sends the page gzipped to browsers that accept it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/' });
    const gz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("writes the page in the shopper's remembered language, else the browser's first", async () => {
    const lang = async (headers: Record<string, string>) => /<html lang="([^"]+)"/.exec((await app.inject({ method: 'GET', url: '/', headers })).body)?.[1];
    expect(await lang({ 'accept-language': 'en-US,en;q=0.9' })).toBe('en');
    expect(await lang({ 'accept-language': 'zh-CN,zh;q=0.9' })).toBe('zh-Hans');
    expect(await lang({ 'accept-language': 'zh-CN', cookie: `${LANGUAGE_COOKIE}=en` })).toBe('en');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves precompressed assets to browsers that accept them', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    const br = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    const gz = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the API answering in the envelope beside the app', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/none/here' });
    expect(missing.statusCode).toBe(403);
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/nothing.js' })).statusCode).toBe(404);
  });
});
