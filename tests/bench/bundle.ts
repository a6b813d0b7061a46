/** Sizes of the built app: every chunk's gzip size, the JS and CSS a page actually loaded, and how two loads differ. */
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

/** gzip bytes of each of `files` (paths from `loadedAssets`). */
export function gzipByFile(distDir: string, files: string[]): Record<string, number> {
  return Object.fromEntries(files.map((file) => [file, gzipSize(join(distDir, file))]));
}

/** A built file's chunk name, without folder, content hash and extension: `assets/zh-Hans-B6kzg-hi.js` → `zh-Hans`. */
export function chunkName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return base.match(/^(.+)-[\w-]{8}\.[a-z]+$/)?.[1] ?? base;
}

export interface ChunkDifference {
  name: string;
  files: { before: number; after: number };
  /** gzip bytes, after − before */
  gzip: number;
}

/**
 * How the scripts of one load (`after`, file → gzip) differ from another's (`before`), grouped by
 * chunk name, since two builds hash the same chunk differently. The differences add up to the
 * difference of the totals; the largest come first.
 */
export function chunkDifferences(before: Record<string, number>, after: Record<string, number>): ChunkDifference[] {
  const byName = new Map<string, ChunkDifference>();
  const add = (sizes: Record<string, number>, side: 'before' | 'after', sign: number) => {
    for (const [file, gzip] of Object.entries(sizes)) {
      const name = chunkName(file);
      const entry = byName.get(name) ?? { name, files: { before: 0, after: 0 }, gzip: 0 };
      entry.files[side] += 1;
      entry.gzip += sign * gzip;
      byName.set(name, entry);
    }
  };
  add(before, 'before', -1);
  add(after, 'after', 1);
  return [...byName.values()]
    .filter((d) => d.gzip !== 0 || d.files.before !== d.files.after)
    .sort((a, b) => Math.abs(b.gzip) - Math.abs(a.gzip) || a.name.localeCompare(b.name));
}
