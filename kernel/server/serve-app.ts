/**
 * Serves the built browser app on the API's port: hashed `/assets/*` cached for a year, and
 * `index.html` with the bootstrap (site, signing key, enabled plugins) written in place of the
 * `<!--bootstrap-->` comment, so the first call can be signed before anything is fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Bootstrap } from '../core/site';
import { precompressDir } from './precompress';
import type { LiveSiteConfig, LoadedSite } from './site-config';

export const BOOTSTRAP_MARKER = '<!--bootstrap-->';

export function bootstrapOf(site: LoadedSite): Bootstrap {
  const { file } = site;
  return {
    site: site.name,
    apiUrl: file.site.apiUrl,
    appKey: file.app.key,
    appSecret: file.app.secret,
    frontHost: file.frontHost ?? '',
    plugins: [...site.enabled],
  };
}

/** The page with the bootstrap script; `<` is escaped so no config value can close the script early. */
export function injectBootstrap(html: string, bootstrap: Bootstrap): string {
  const script = `<script>window.__BOOTSTRAP__=${JSON.stringify(bootstrap).replace(/</g, '\\u003c')}</script>`;
  if (html.includes(BOOTSTRAP_MARKER)) return html.replace(BOOTSTRAP_MARKER, script);
  // Without the marker the script still has to run before the app's own scripts.
  const at = html.search(/<script|<\/head>/i);
  return at < 0 ? script + html : html.slice(0, at) + script + html.slice(at);
}

export function installServeApp(app: FastifyInstance, distDir: string, site: LiveSiteConfig): void {
  const indexFile = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  const template = () => {
    const stat = fs.statSync(indexFile);
    // A rebuild replaces the file: re-read it then, not on every request.
    if (!cached || cached.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
    return cached.html;
  };
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no built app at ${indexFile}; run \`npm run build\` (the API is served without it)`);
  }

  const page = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    if (!fs.existsSync(indexFile)) return reply.status(404).type('text/plain').send('The app is not built: run `npm run build`.');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(injectBootstrap(template(), bootstrapOf(site.current())));
  };
  app.get('/', page);
  app.get('/index.html', page);

  try {
    precompressDir(distDir);
  } catch (error) {
    // A read-only dist still serves, just uncompressed.
    app.log.warn(`cannot precompress ${distDir}: ${(error as Error).message}`);
  }
  app.register(fastifyStatic, {
    root: distDir,
    preCompressed: true,
    prefix: '/',
    decorateReply: false,
    index: false,
    wildcard: true,
    cacheControl: false,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (res, file) => {
      const immutable = file.startsWith(path.join(distDir, 'assets') + path.sep);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
}
