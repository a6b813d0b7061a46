import { describe, expect, it } from 'vitest';
import type { Manifest } from './module-preload';
import { partChunks } from './part-chunks';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, imports: ['_boot.js'], css: ['assets/index-1.css'] },
  '_boot.js': { file: 'assets/boot-2.js' },
  '_kit.js': { file: 'assets/ui-3.js', imports: ['_boot.js'], css: ['assets/ui-3.css'] },
  'discover.ts': { file: 'assets/discover-4.js', src: 'discover.ts' },
  '../plugins/news/index.ts': { file: 'assets/news-5.js', src: '../plugins/news/index.ts', imports: ['_boot.js'] },
  '../plugins/news/pages/list.page.tsx': { file: 'assets/list.page-6.js', src: '../plugins/news/pages/list.page.tsx', imports: ['_kit.js', '_boot.js', '../plugins/news/index.ts'], css: ['assets/list-6.css'] },
  '../plugins/news/i18n/en.json': { file: 'assets/en-7.js', src: '../plugins/news/i18n/en.json' },
  '../plugins/news/helpers.ts': { file: 'assets/helpers-8.js', src: '../plugins/news/helpers.ts' },
};

describe("the plugins' parts as built", () => {
  it('names each part with the scripts and styles it needs beyond the entry, each file once', () => {
    const chunks = partChunks(manifest)!;
    const named = Object.fromEntries(Object.entries(chunks.parts).map(([source, files]) => [source, files.map((i) => chunks.files[i])]));
    expect(named).toEqual({
      '../plugins/news/index.ts': ['assets/news-5.js'],
      '../plugins/news/pages/list.page.tsx': ['assets/list.page-6.js', 'assets/ui-3.js', 'assets/news-5.js', 'assets/list-6.css', 'assets/ui-3.css'],
      '../plugins/news/i18n/en.json': ['assets/en-7.js'],
    });
    expect(new Set(chunks.files).size).toBe(chunks.files.length);
  });

  it('says nothing without a build manifest', () => {
    expect(partChunks({})).toBeUndefined();
  });
});
