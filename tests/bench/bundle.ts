/** Sizes of the built app: every chunk's gzip size, and the JS a page actually loaded. */
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

/** Gzip bytes of the scripts a page load fetched (URLs under /assets/). */
export function loadedScriptsGzip(distDir: string, urls: string[]): number {
  const files = new Set(urls.map((u) => new URL(u).pathname).filter((p) => p.startsWith('/assets/') && p.endsWith('.js')));
  let total = 0;
  for (const path of files) total += gzipSize(join(distDir, path));
  return total;
}
