/** Sizes of the built app: every chunk's gzip size, and the JS and CSS a page actually loaded. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The built `.js` and `.css` files (not their `.gz`/`.br` siblings), largest gzip first. */
export function chunkSizes(distDir: string): ChunkSize[] {
  const assets = join(distDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((file) => {
      const path = join(assets, file);
      return { file, bytes: statSync(path).size, gzip: gzipSize(path) };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** The built files (`assets/x.js`) behind the URLs a page fetched, each once. */
export function loadedAssets(urls: string[], extension: '.js' | '.css'): string[] {
  const paths = urls.map((u) => new URL(u).pathname).filter((p) => p.startsWith('/assets/') && p.endsWith(extension));
  return [...new Set(paths)].map((p) => p.slice(1)).sort();
}

/** Gzip bytes of the files a page load fetched (paths from `loadedAssets`). */
export function loadedGzip(distDir: string, files: string[]): number {
  let total = 0;
  for (const file of files) total += gzipSize(join(distDir, file));
  return total;
}
