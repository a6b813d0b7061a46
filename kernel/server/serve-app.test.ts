import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bootstrap } from '../core/site';
import { createApp } from './app';
import { fakeProject, wishPlugin } from './fake-project';
import { injectBootstrap } from './serve-app';
import type { FastifyInstance } from 'fastify';

const bootstrap: Bootstrap = { site: 's', apiUrl: '', appKey: 'k', appSecret: '</script><b>', frontHost: '', plugins: ['a'] };

describe('bootstrap injection', () => {
  it('replaces the marker with a script that cannot be closed early', () => {
    const html = injectBootstrap('<head><!--bootstrap--><script src="/assets/x.js"></script></head>', bootstrap);
    expect(html).toBe(
      '<head><script>window.__BOOTSTRAP__={"site":"s","apiUrl":"","appKey":"k","appSecret":"\\u003c/script>\\u003cb>","frontHost":"","plugins":["a"]}</script><script src="/assets/x.js"></script></head>',
    );
  });

  it('puts the script before the first script when the marker is missing', () => {
    const html = injectBootstrap('<head><title>x</title><script type="module" src="/a.js"></script></head>', bootstrap);
    expect(html.indexOf('__BOOTSTRAP__')).toBeLessThan(html.indexOf('/a.js'));
  });
});

describe('serving the built app', () => {
  const project = fakeProject({ wish: wishPlugin });
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-dist-'));
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--bootstrap--></head><body></body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js'), `export const words = ${JSON.stringify('storefront '.repeat(500))};`);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    project.write(
      'config/sites/default.json',
      JSON.stringify({ site: { apiUrl: '' }, app: { key: 'key1', secret: 'sec1' }, frontHost: 'www.example.com', plugins: { wish: { enabled: true } } }),
    );
    app = await createApp({ root: project.root, dataDir: path.join(project.root, 'data'), site: 'default', serveApp: { distDir: dist } });
  });
  afterAll(async () => {
    await app.close();
    project.remove();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html with the bootstrap of the live site', async () => {
    for (const url of ['/', '/index.html']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain(
        '<script>window.__BOOTSTRAP__={"site":"default","apiUrl":"","appKey":"key1","appSecret":"sec1","frontHost":"www.example.com","plugins":["wish"]}</script>',
      );
      expect(page.body).not.toContain('<!--bootstrap-->');
    }
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
