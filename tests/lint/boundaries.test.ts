import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js, run through ESLint's API on fixture code placed (in
// name only) in the real tree, so imports resolve against the real files and aliases.
const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary complaints about `specifier` imported from the file at `file`. */
async function complaints(file: string, specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

/** A fixture must import a real file: the rule lets an import it cannot resolve pass. */
function exists(file: string): string {
  expect(fs.existsSync(path.join(root, file)), `${file} exists`).toBe(true);
  return file;
}

describe('import boundaries', () => {
  it('keeps kernel/core free of the browser and server kernels', async () => {
    exists('kernel/client/hooks.ts');
    exists('kernel/server/plugin.ts');
    for (const specifier of ['@kernel/client/hooks', '../client/hooks', '@kernel/server/plugin', '../server/plugin']) {
      expect(await complaints('kernel/core/fixture.ts', specifier)).toEqual([
        expect.stringContaining('kernel/core is shared by browser and server'),
      ]);
    }
  });

  it('keeps the browser and server kernels apart', async () => {
    expect(await complaints('kernel/client/fixture.ts', '@kernel/server/plugin')).toEqual([
      expect.stringContaining('The browser kernel never imports the server kernel'),
    ]);
    expect(await complaints('kernel/server/fixture.ts', '../client/hooks')).toEqual([
      expect.stringContaining('The server kernel never imports the browser kernel'),
    ]);
  });

  it('lets every kernel side use kernel/core', async () => {
    exists('kernel/core/site.ts');
    expect(await complaints('kernel/client/fixture.ts', '@kernel/core/site')).toEqual([]);
    expect(await complaints('kernel/server/fixture.ts', '../core/site')).toEqual([]);
  });

  it('refuses a kernel → plugin import, by alias or by relative path, even a public one', async () => {
    exists('plugins/cart/store.ts');
    exists('plugins/cart/plugin.ts');
    const cases: [string, string][] = [
      ['kernel/server/fixture.ts', '@plugins/cart/store'],
      ['kernel/client/ui/fixture.ts', '../../../plugins/cart/store'],
      ['kernel/core/fixture.ts', '@plugins/cart/plugin'],
    ];
    for (const [file, specifier] of cases) {
      expect(await complaints(file, specifier)).toEqual([expect.stringContaining('The kernel never imports a plugin')]);
    }
  });

  it("refuses a plugin's reach into another plugin's files, by alias or by relative path", async () => {
    exists('plugins/cart/store.ts');
    exists('plugins/cart/public.test.ts');
    const cases: [string, string][] = [
      ['plugins/order/fixture.ts', '@plugins/cart/store'],
      ['plugins/order/fixture.ts', '../cart/store'],
      ['plugins/order/pages/fixture.page.tsx', '../../cart/store'],
      // A test beside the public surface is no part of it.
      ['plugins/order/fixture.ts', '@plugins/cart/public.test'],
    ];
    for (const [file, specifier] of cases) {
      expect(await complaints(file, specifier)).toEqual([
        'Unexpected path "' + specifier + '" imported in restricted zone. Plugin `order` may import another plugin only through its public.ts, public-*.ts, contract.ts or plugin.ts.',
      ]);
    }
  });

  it("lets a plugin use another's public*.ts, contract.ts and plugin.ts, and its own files", async () => {
    const allowed = ['public.ts', 'public-client.ts', 'contract.ts', 'plugin.ts'].map((file) => exists(`plugins/order/${file}`));
    for (const file of allowed) {
      const name = path.basename(file, '.ts');
      expect(await complaints('plugins/cart/pages/fixture.page.tsx', `@plugins/order/${name}`)).toEqual([]);
      expect(await complaints('plugins/cart/pages/fixture.page.tsx', `../../order/${name}`)).toEqual([]);
    }
    exists('plugins/order/place.ts');
    expect(await complaints('plugins/order/pages/fixture.page.tsx', '../place')).toEqual([]);
    expect(await complaints('plugins/order/pages/fixture.page.tsx', '@plugins/order/place')).toEqual([]);
  });

  it("lets a descriptor, and only a descriptor, take another plugin's extension point values from its points.ts", async () => {
    exists('plugins/goods/points.ts');
    exists('plugins/order/plugin.ts');
    expect(await complaints('plugins/order/plugin.ts', '@plugins/goods/points')).toEqual([]);
    expect(await complaints('plugins/order/plugin.ts', '../goods/points')).toEqual([]);
    // The descriptor keeps the rest of the boundary.
    expect(await complaints('plugins/order/plugin.ts', '@plugins/goods/store')).toEqual([
      'Unexpected path "@plugins/goods/store" imported in restricted zone. The descriptor of plugin `order` may import another plugin only through its points.ts, public.ts, public-*.ts, contract.ts or plugin.ts.',
    ]);
    // Other code takes the points from the public surface.
    expect(await complaints('plugins/order/pages/fixture.page.tsx', '@plugins/goods/points')).toEqual([
      'Unexpected path "@plugins/goods/points" imported in restricted zone. Plugin `order` may import another plugin only through its public.ts, public-*.ts, contract.ts or plugin.ts.',
    ]);
    expect(await complaints('plugins/order/sub/plugin.ts', '@plugins/goods/points')).toEqual([
      expect.stringContaining('Plugin `order` may import another plugin only through'),
    ]);
  });

  it("lets tests and test helpers reach another plugin's files, but keeps the kernel's layering for them", async () => {
    exists('plugins/goods/store.ts');
    expect(await complaints('plugins/home/fixture.test.tsx', '@plugins/goods/store')).toEqual([]);
    expect(await complaints('plugins/order/testing.ts', '../goods/store')).toEqual([]);
    expect(await complaints('tests/fixture.test.ts', '@plugins/goods/store')).toEqual([]);
    expect(await complaints('kernel/core/fixture.test.ts', '@kernel/server/plugin')).toEqual([
      expect.stringContaining('kernel/core is shared by browser and server'),
    ]);
    expect(await complaints('kernel/server/fixture.test.ts', '@plugins/goods/store')).toEqual([
      expect.stringContaining('The kernel never imports a plugin'),
    ]);
  });
});
