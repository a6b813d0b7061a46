import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeChanges, effectOf, projectRelative } from './watch-rules';

describe('which saved file restarts the API under storefront dev', () => {
  it.each([
    'kernel/server/app.ts',
    'kernel/server/pipeline/signature.ts',
    'kernel/core/money.ts',
    'kernel/core/i18n/en.json',
    'plugins/goods/server.ts',
    'plugins/goods/service.ts',
    'plugins/goods/contract.ts',
    'plugins/goods/migrations/goods_001_init.ts',
    'plugins/goods/i18n/zh-Hans.json',
    // A new plugin folder: its descriptor and server side appear, and the API must discover them.
    'plugins/wishlist/plugin.ts',
    'plugins/wishlist/server.ts',
  ])('restarts for %s', (file) => {
    expect(effectOf(file, 'default')).toBe('restart');
  });

  it.each([
    'kernel/client/http.ts',
    'kernel/client/ui/modal.tsx',
    'kernel/server/app.test.ts',
    'plugins/goods/service.test.ts',
    'plugins/goods/pages/detail.page.tsx',
    'plugins/goods/pages/helpers.ts',
    'plugins/goods/store.ts',
    'plugins/cart/cart.store.ts',
    'plugins/goods/index.test.tsx',
    // Browser code only: the server never imports it.
    'plugins/goods/index.ts',
    'plugins/goods/README.md',
    // `plugin new` writes a hidden folder first, then renames it into place.
    'plugins/.wishlist.partial-4242/server.ts',
    'plugins/goods/.#service.ts', // an editor's lock file
    'app/main.tsx',
    'cli/commands/dev.ts',
    'config/sites/other.json',
    'package.json',
  ])('leaves %s to Vite (or to nobody)', (file) => {
    expect(effectOf(file, 'default')).toBeNull();
  });

  it("marks the site's own file, which the running API reloads by itself", () => {
    expect(effectOf('config/sites/default.json', 'default')).toBe('site');
    expect(effectOf('config/sites/shop-b.json', 'shop-b')).toBe('site');
  });

  it('reads watcher paths relative to the project, ignoring paths outside it', () => {
    const root = path.join(path.sep, 'work', 'shop');
    expect(projectRelative(root, path.join(root, 'plugins', 'goods', 'server.ts'))).toBe('plugins/goods/server.ts');
    expect(projectRelative(root, path.join(path.sep, 'elsewhere', 'server.ts'))).toBeNull();
    expect(projectRelative(root, root)).toBeNull();
  });

  it('names the first changed file and counts the others', () => {
    expect(describeChanges(['plugins/a/server.ts'])).toBe('plugins/a/server.ts');
    expect(describeChanges(['plugins/a/server.ts', 'plugins/a/server.ts', 'plugins/a/service.ts'])).toBe('plugins/a/server.ts and 1 more file');
    expect(describeChanges(['a.ts', 'b.ts', 'c.ts'])).toBe('a.ts and 2 more files');
  });
});
