import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTemplates, render, tokensFor } from './template';

describe('plugin template tokens', () => {
  it("spell the id as the code needs it: as is, capitalised, upper case; and say whether it is a tab", () => {
    expect(tokensFor('wishlist', 'tabbar')).toEqual({ id: 'wishlist', Id: 'Wishlist', ID: 'WISHLIST', slot: 'tabbar', tabbar: 'true' });
    expect(tokensFor('wishlist', 'member.services').tabbar).toBe('false');
  });

  it('are replaced where they touch other words and underscores', () => {
    const tokens = tokensFor('wishlist', 'home.grid');
    expect(render("'__id___entry' __ID___PATH __Id__Page __id__Store '__slot__' __tabbar__", tokens)).toBe(
      "'wishlist_entry' WISHLIST_PATH WishlistPage wishlistStore 'home.grid' false",
    );
  });

  it('refuse a misspelt token rather than write it into a plugin', () => {
    expect(() => render('const __Name__ = 1;', tokensFor('wishlist', 'tabbar'), 'index.ts')).toThrow('index.ts has an unknown token __Name__');
  });
});

describe('reading the templates', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-templates-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const put = (relative: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), text);
  };

  it('takes common/ and the variant, drops `.tpl`, and ignores other files and variants', () => {
    put('common/paths.ts.tpl', 'p');
    put('common/pages/__id__.css.tpl', 'c');
    put('full/server.ts.tpl', 's');
    put('full/README.md', 'not a template');
    put('client-only/store.ts.tpl', 'b');
    expect(readTemplates('full', dir)).toEqual([
      { path: 'pages/__id__.css', text: 'c' },
      { path: 'paths.ts', text: 'p' },
      { path: 'server.ts', text: 's' },
    ]);
    expect(readTemplates('client-only', dir).map((f) => f.path)).toEqual(['pages/__id__.css', 'paths.ts', 'store.ts']);
  });
});
