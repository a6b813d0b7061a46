import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkSizes, loadedAssets, loadedGzip } from './bundle';

const dist = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(join(dist, 'assets'));
const big = 'export const words = "' + 'storefront '.repeat(500) + '";\n';
writeFileSync(join(dist, 'assets', 'index-a.js'), big);
writeFileSync(join(dist, 'assets', 'index-a.js.gz'), gzipSync(big));
writeFileSync(join(dist, 'assets', 'page-b.js'), 'export default 1;\n');
writeFileSync(join(dist, 'assets', 'index-c.css'), 'body{margin:0}\n');

describe('bundle sizes', () => {
  it('lists the built JS and CSS, not their compressed siblings, largest first', () => {
    const files = chunkSizes(dist).map((c) => c.file);
    expect(files[0]).toBe('index-a.js');
    expect(files.sort()).toEqual(['index-a.js', 'index-c.css', 'page-b.js']);
  });

  it('takes each built file a page fetched once, ignoring other origins paths and types', () => {
    const urls = [
      'http://127.0.0.1:1/assets/index-a.js',
      'http://127.0.0.1:1/assets/index-a.js',
      'http://127.0.0.1:1/assets/page-b.js?v=1',
      'http://127.0.0.1:1/uploads/seed/banner.svg',
      'http://127.0.0.1:1/assets/index-c.css',
    ];
    expect(loadedAssets(urls, '.js')).toEqual(['assets/index-a.js', 'assets/page-b.js']);
    expect(loadedAssets(urls, '.css')).toEqual(['assets/index-c.css']);
  });

  it('adds up the gzip size of the fetched files', () => {
    const sizes = new Map(chunkSizes(dist).map((c) => [c.file, c.gzip]));
    expect(loadedGzip(dist, ['assets/index-a.js', 'assets/page-b.js'])).toBe(sizes.get('index-a.js')! + sizes.get('page-b.js')!);
    expect(sizes.get('index-a.js')!).toBeLessThan(big.length / 10);
  });
});
