import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_ID } from '../core/first-screen';
import { SITE_EVENTS_PATH } from '../core/site-events';
import { createApp } from './app';
import { firstPaintHtml, firstPaintInline } from './first-paint';
import { signHeaders } from './pipeline/signature';
import { TEST_PASSWORD_COST } from './services/passwords';
import { originOf } from './security-headers';
import { injectBootstrap } from './serve-app';
import { REPO_ROOT } from './testing';

/** The real plugins and the app's own index.html, in the shape Vite builds it (entry, preload and stylesheet in the head). */
function builtApp(dir: string): string {
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const source = fs.readFileSync(path.join(REPO_ROOT, 'app', 'index.html'), 'utf8');
  const head =
    '<script type="module" crossorigin src="/assets/index-t1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/runtime-t1.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-t1.css">';
  const built = source.replace(/\s*<script type="module" src="[^"]+"><\/script>/, '').replace('</head>', `${head}</head>`);
  fs.writeFileSync(path.join(dist, 'index.html'), built);
  fs.writeFileSync(path.join(dist, 'assets', 'index-t1.js'), `export const words = ${JSON.stringify('storefront '.repeat(300))};`);
  fs.writeFileSync(path.join(dist, 'assets', 'index-t1.css'), '.sf-app{color:#333}.sf-navbar{height:44px}.sf-page{display:flex}');
  return dist;
}

const site = {
  site: { siteName: 'CSP Store', cdnUrl: 'http://cdn.example.test:8081', apiUrl: 'https://api.example.test', wss: '/api/socket' },
  app: { key: 'csp-key', secret: 'csp-secret' },
  plugins: {},
};

/** `directive → sources` of a Content-Security-Policy header. */
function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The text of each inline element the browser runs or applies (a JSON data block is neither). */
function inlineIn(html: string) {
  const scripts = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes))
    .map((match) => match[2]);
  const styles = [...html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((match) => match[2]);
  return { scripts, styles };
}

describe('origins in the policy', () => {
  it("takes an absolute http(s) or ws(s) address's origin and nothing from a path or another scheme", () => {
    expect(originOf('wss://chat.example.test:8443/api/socket')).toBe('wss://chat.example.test:8443');
    expect(originOf('https://api.example.test/v1/')).toBe('https://api.example.test');
    expect(originOf('/api/socket')).toBeNull();
    expect(originOf('')).toBeNull();
    expect(originOf("javascript:alert('x')")).toBeNull();
    expect(originOf('https://bad host/')).toBeNull();
  });
});

describe("the first paint's inline elements", () => {
  const template = '<head><!--bootstrap--><script type="module" crossorigin src="/assets/entry.js"></script></head><body><div id="app"></div></body>';
  const bootstrap = { site: 's', apiUrl: '', appKey: 'k', appSecret: 'x', frontHost: '' };
  const paint = firstPaintHtml('<header class="sf-navbar">店</header>', { theme: '#e93323' });

  it('are exactly what the page carries, whether the paint starts the app or the entry does', () => {
    for (const critical of ['.sf-navbar{height:44px}/*</style>*/', '']) {
      const page = injectBootstrap(template, bootstrap, { paint, critical });
      const { scripts, styles } = inlineIn(page);
      const allowed = firstPaintInline(template, critical);
      expect([...allowed.scripts].sort()).toEqual(scripts.sort());
      expect([...allowed.styles].sort()).toEqual(styles.sort());
      expect(scripts).toHaveLength(critical ? 2 : 1);
    }
  });
});

describe('security headers and compression', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-security-'));
  let app: FastifyInstance;

  beforeAll(async () => {
    const siteFile = path.join(dir, 'site.json');
    fs.writeFileSync(siteFile, JSON.stringify(site));
    app = await createApp({
      root: REPO_ROOT,
      dataDir: path.join(dir, 'data'),
      site: 'csp',
      siteFile,
      serveApp: { distDir: builtApp(dir) },
      backgroundCheckpoints: false,
      passwordCost: TEST_PASSWORD_COST,
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = () => app.inject({ method: 'GET', url: '/', headers: { host: 'shop.example.test:8080' } });

  it("allows exactly the served page's inline scripts and style elements by hash, and no other inline script", async () => {
    const reply = await page();
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain(`id="${FIRST_PAINT_ID}"`);
    const inline = inlineIn(reply.body);
    // The first paint's script and the starter that loads the app after it.
    expect(inline.scripts).toHaveLength(2);
    expect(inline.styles.length).toBeGreaterThanOrEqual(2);
    const policy = policyOf(reply.headers['content-security-policy']);
    expect(policy.get('script-src')!.sort()).toEqual(["'self'", ...inline.scripts.map(sha256)].sort());
    expect(policy.get('style-src-elem')!.sort()).toEqual(["'self'", ...new Set(inline.styles.map(sha256))].sort());
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('lets the app reach its pictures, its API, its event stream and its WebSocket', async () => {
    const policy = policyOf((await page()).headers['content-security-policy']);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'http://cdn.example.test:8081']));
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'ws://shop.example.test:8080', 'wss://shop.example.test:8080', 'https://api.example.test']),
    );
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('writes nothing of a hostile Host header into the policy', async () => {
    const reply = await app.inject({ method: 'GET', url: '/', headers: { host: "evil.test; script-src 'unsafe-inline'" } });
    const policy = policyOf(reply.headers['content-security-policy']);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('connect-src')!.join(' ')).not.toContain('evil');
  });

  it("sends a page's security headers with every page and file", async () => {
    // A file that is not there is answered like one that is: the headers come first.
    for (const url of ['/', '/assets/none.js']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(url === '/' ? 200 : 404);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['strict-transport-security']).toBe('max-age=15552000');
      expect(reply.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(policyOf(reply.headers['content-security-policy']).get('default-src')).toEqual(["'self'"]);
    }
  });

  it("sends an API's security headers with every call, and none of a page's", async () => {
    for (const reply of [
      await app.inject({ method: 'POST', url: '/api/index/index', headers: signHeaders(site.app, Date.now()), payload: {} }),
      await app.inject({ method: 'POST', url: '/api/index/index', payload: {} }),
      await app.inject({ method: 'GET', url: '/api/no-such-call' }),
    ]) {
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['strict-transport-security']).toBe('max-age=15552000');
      const policy = policyOf(reply.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.size).toBe(2);
      for (const header of ['x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-dns-prefetch-control', 'origin-agent-cluster']) {
        expect(reply.headers[header], header).toBeUndefined();
      }
    }
  });

  it('compresses a JSON reply for a client that accepts it, and only then', async () => {
    const ask = (encoding?: string) =>
      app.inject({ method: 'POST', url: '/api/index/index', headers: { ...signHeaders(site.app, Date.now()), ...(encoding ? { 'accept-encoding': encoding } : {}) }, payload: {} });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const gzipped = await ask('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('compresses the page and the precompressed app files once, never twice', async () => {
    const html = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(html.rawPayload).toString('utf8')).toContain(`id="${FIRST_PAINT_ID}"`);
    const file = await app.inject({ method: 'GET', url: '/assets/index-t1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(file.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(file.rawPayload).toString('utf8')).toMatch(/^export const words/);
  });

  it('leaves the site event stream uncompressed, so each event arrives as it is written', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const stop = new AbortController();
    const reply = await fetch(address + SITE_EVENTS_PATH, { headers: { 'accept-encoding': 'gzip, br' }, signal: stop.signal });
    try {
      expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(reply.headers.get('content-encoding')).toBeNull();
    } finally {
      stop.abort();
    }
  });
});
