import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkDifferences, chunkName, chunkSizes, gzipByFile, loadedAssets, loadedGzip } from './bundle';

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

  it('gives the gzip size of each fetched file', () => {
    expect(gzipByFile(dist, ['assets/page-b.js'])).toEqual({ 'assets/page-b.js': loadedGzip(dist, ['assets/page-b.js']) });
  });
});

describe('comparing two loads by chunk', () => {
  it('names a chunk without its folder, content hash and extension', () => {
    expect(chunkName('assets/zh-Hans-B6kzg-hi.js')).toBe('zh-Hans');
    expect(chunkName('assets/vanilla--779ZYjd.js')).toBe('vanilla');
    expect(chunkName('index.page-DxQ8CS1O.js')).toBe('index.page');
    expect(chunkName('assets/odd.js')).toBe('odd.js');
  });

  it('groups by chunk name across two builds and adds up to the difference of the totals', () => {
    const before = { 'assets/index-aaaaaaaa.js': 1_000, 'assets/zh-Hans-bbbbbbbb.js': 300, 'assets/cart-cccccccc.js': 200 };
    const after = { 'assets/index-dddddddd.js': 1_050, 'assets/zh-Hans-bbbbbbbb.js': 300, 'assets/zh-Hans-eeeeeeee.js': 400 };
    const differences = chunkDifferences(before, after);
    expect(differences).toEqual([
      { name: 'zh-Hans', files: { before: 1, after: 2 }, gzip: 400 },
      { name: 'cart', files: { before: 1, after: 0 }, gzip: -200 },
      { name: 'index', files: { before: 1, after: 1 }, gzip: 50 },
    ]);
    const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((a, b) => a + b, 0);
    expect(differences.reduce((sum, d) => sum + d.gzip, 0)).toBe(total(after) - total(before));
  });

  it('leaves out chunks that are the same on both sides', () => {
    expect(chunkDifferences({ 'assets/a-aaaaaaaa.js': 5 }, { 'assets/a-bbbbbbbb.js': 5 })).toEqual([]);
  });
});
