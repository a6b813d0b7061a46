/**
 * Serves the built browser app on the API's port: hashed `/assets/*` cached for a year, and
 * `index.html` with the bootstrap written in place of the `<!--bootstrap-->` comment: site,
 * signing key and enabled plugins, the `/api/index/index` reply and the plugins' first-screen
 * data, so the first screen renders without a round trip; plus preload links for its images.
 * The page carries live data, so it is never cached without asking.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOTSTRAP_ID, type Bootstrap } from '../core/bootstrap';
import { createCriticalCss } from './critical-css';
import { firstPaintHtml, firstPaintInline, startsAfterPaint, stylesheetsOf, withFirstPaint } from './first-paint';
import { collectFirstScreen, firstScreenLabels, type LookUpString, type PreloadImage } from './first-screen';
import { escapeHtml, jsonInScript } from './html';
import { indexReply } from './kernel-calls';
import { createManifestReader, createModulePreloads } from './module-preload';
import { partChunks } from './part-chunks';
import type { Db, ServerServices } from './plugin';
import { pageLanguage, withPageLanguage } from './page-language';
import type { Language } from '../core/language';
import { precompressDir } from './precompress';
import { allowInline } from './security-headers';
import type { PluginRegistry } from './registry';
import type { LiveSiteConfig, LoadedSite } from './site-config';

export interface ServeAppDeps {
  site: LiveSiteConfig;
  registry: PluginRegistry;
  db: Db;
  services: ServerServices;
  /** The server's strings: the first screen's menu labels go into the bootstrap (without it, the browser downloads them). */
  lookUp?: LookUpString;
}

export const BOOTSTRAP_MARKER = '<!--bootstrap-->';

export function bootstrapOf(site: LoadedSite): Bootstrap {
  const { file } = site;
  return {
    site: site.name,
    apiUrl: file.site.apiUrl,
    appKey: file.app.key,
    appSecret: file.app.secret,
    frontHost: file.frontHost ?? '',
  };
}

/** What the first screen needs early: its images, and its page's script chunks and styles. */
export interface HeadLinks {
  /** A URL, or an uploaded picture with its widths and sizes (./first-screen.ts). */
  images?: readonly (string | PreloadImage)[];
  scripts?: readonly string[];
  styles?: readonly string[];
  /** The static first paint (./first-paint.ts): its page's styles then apply at once rather than preload. */
  paint?: string;
  /**
   * The paint's rules (./critical-css.ts). Given with a paint, the page paints before its
   * stylesheets and scripts are even asked for: they load in parallel once the paint is on
   * screen, then the app starts (bootAfterPaintScript). Without them, the page waits for its
   * stylesheets.
   */
  critical?: string;
}

/**
 * The page with preload links for the first screen, which the browser fetches while the entry
 * script downloads, and the bootstrap as a JSON data block at the end of the body (BOOTSTRAP_ID;
 * `<` escaped, so no value can close it early). The entry runs after the page is parsed (a module
 * script, or the starter after the paint), so the block is there when it looks. A page that
 * starts after its paint (./first-paint.ts) holds its module preloads until the paint is on screen.
 */
export function injectBootstrap(html: string, bootstrap: Bootstrap, head: HeadLinks = {}): string {
  const afterPaint = Boolean(head.paint) && startsAfterPaint(html, head.critical);
  const links = [
    ...(head.images ?? []).map((image) => {
      const { href, srcset, sizes } = typeof image === 'string' ? { href: image } : image;
      const set = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes ?? '')}"` : '';
      return `<link rel="preload" as="image" href="${escapeHtml(href)}"${set} fetchpriority="high">`;
    }),
    ...(afterPaint ? [] : (head.scripts ?? []).map((url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`)),
    // crossorigin as on the links Vite's loader adds for the page, or the preloads go unused.
    ...(head.paint ? [] : (head.styles ?? []).map((url) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(url)}">`)),
  ].join('');
  const data = `<script type="application/json" id="${BOOTSTRAP_ID}">${jsonInScript(bootstrap)}</script>`;
  // Function replacements: `$` in the data must not be read as a replacement pattern.
  const withData = /<\/body>/i.test(html) ? html.replace(/<\/body>/i, (end) => data + end) : html + data;
  // The paint's starter goes after the data block.
  const page = head.paint
    ? withFirstPaint(withData, head.paint, { styles: head.styles ?? [], scripts: head.scripts ?? [], critical: head.critical })
    : withData;
  if (page.includes(BOOTSTRAP_MARKER)) return page.replace(BOOTSTRAP_MARKER, () => links);
  // Without the marker the preloads still go ahead of the app's own scripts.
  const at = page.search(/<script|<\/head>/i);
  return page.slice(0, at) + links + page.slice(at);
}

/** The bootstrap of one page load: the live site, its index reply and the first-screen data. */
export async function pageBootstrap(
  deps: ServeAppDeps,
  log: { warn(message: string): void },
  language: Language = 'zh-Hans',
): Promise<{ bootstrap: Bootstrap; preload: PreloadImage[]; modules: string[]; paint?: string }> {
  const current = deps.site.current();
  const screen = await collectFirstScreen(current, { registry: deps.registry, db: deps.db, services: deps.services, log }, language);
  return {
    bootstrap: {
      ...bootstrapOf(current),
      index: indexReply(current, deps.registry),
      data: screen.data,
      language,
      ...(deps.lookUp ? { labels: firstScreenLabels(current, deps.registry, deps.lookUp) } : {}),
    },
    preload: screen.preload,
    modules: screen.modules,
    ...(screen.paint ? { paint: firstPaintHtml(screen.paint, { theme: current.file.site.siteTheme }) } : {}),
  };
}

/** The page compressed for browsers that accept it: it is built per request, so not precompressed. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  // The page's language comes from the shopper's cookie, else their browser's languages.
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}

export function installServeApp(app: FastifyInstance, distDir: string, deps: ServeAppDeps): void {
  const indexFile = path.join(distDir, 'index.html');
  const manifest = createManifestReader(distDir);
  const chunks = createModulePreloads(distDir, manifest);
  const criticalCss = createCriticalCss(distDir, app.log);
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

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!fs.existsSync(indexFile)) return reply.status(404).type('text/plain').send('The app is not built: run `npm run build`.');
    const language = pageLanguage(request.headers);
    const { bootstrap, preload, modules, paint } = await pageBootstrap(deps, app.log, language);
    const parts = partChunks(manifest());
    const html = template();
    const links = chunks(modules);
    const critical = paint ? await criticalCss(paint, [...stylesheetsOf(html), ...(links.styles ?? [])]) : undefined;
    const page = injectBootstrap(html, parts ? { ...bootstrap, chunks: parts } : bootstrap, { images: preload, ...links, paint, critical });
    // The policy allows the inline scripts and styles the paint writes, by hash (./security-headers.ts).
    if (paint) allowInline(reply, firstPaintInline(html, critical));
    return sendHtml(request, reply, withPageLanguage(page, language));
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
    // index.html is served with its bootstrap above; the build manifest is for the server only.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
    setHeaders: (res, file) => {
      const immutable = file.startsWith(path.join(distDir, 'assets') + path.sep);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
}
