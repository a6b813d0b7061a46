import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../../tests/cli/project-copy';

const SITE = 'config/sites/default.json';
const LONG = { timeout: 300_000 };

let copy: ProjectCopy;
let siteBefore = '';
let frozenBefore = '';

/** A fingerprint of every file under kernel/ and app/: generating a plugin must not touch them. */
function fingerprint(root: string): string {
  const hash = crypto.createHash('sha256');
  for (const dir of ['kernel', 'app']) {
    for (const file of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(root, dir, file);
      if (fs.statSync(full).isFile()) hash.update(`${dir}/${file}\0`).update(fs.readFileSync(full));
    }
  }
  return hash.digest('hex');
}

const pluginFolders = () => fs.readdirSync(path.join(copy.root, 'plugins')).sort();

beforeAll(() => {
  copy = copyProject();
  siteBefore = copy.read(SITE);
  frozenBefore = fingerprint(copy.root);
});
afterAll(() => copy?.remove());

describe('storefront plugin new', () => {
  it('writes plugins/<id>/ in the shape of the hand-written plugins and enables it, touching only its line of the site file', async () => {
    const result = await copy.storefront('plugin', 'new', 'wishlist');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    for (const file of ['plugin.ts', 'public.ts', 'public-client.ts', 'index.ts', 'server.ts', 'contract.ts', 'add.ts', 'entries.ts', 'settings.ts', 'store.ts', 'tables.ts', 'operator.ts', 'migrations/wishlist_001_init.ts', 'pages/wishlist.page.tsx', 'i18n/en.json', 'i18n/zh-Hans.json', 'server.test.ts', 'store.test.ts', 'pages/wishlist.page.test.tsx']) {
      expect(copy.exists(`plugins/wishlist/${file}`), file).toBe(true);
      expect(result.stdout).toContain(`plugins/wishlist/${file}`);
    }
    // The house shape: verb-named rules on domain inputs, reads apart, settings apart, a thin server.ts.
    expect(copy.exists('plugins/wishlist/service.ts')).toBe(false);
    expect(copy.read('plugins/wishlist/add.ts')).not.toMatch(/CallContext|payload/);
    expect(copy.read('plugins/wishlist/server.ts')).toMatch(/from '\.\/add'/);
    expect(copy.read('plugins/wishlist/plugin.ts')).toContain('settings: wishlistSettings');
    expect(result.stdout).toContain('enabled `wishlist` in site `default` (config/sites/default.json)');
    expect(result.stdout).toContain('npx vitest run plugins/wishlist');
    expect(result.stdout).toContain('#/pages/wishlist/wishlist');

    const site = copy.read(SITE);
    expect(JSON.parse(site).plugins.wishlist).toEqual({ enabled: true });
    expect(site.replace(/,\n\s*"wishlist": \{ "enabled": true \}/, '')).toBe(siteBefore);
    expect(fs.readdirSync(path.join(copy.root, 'plugins')).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('writes only the browser side with --no-server, its entry in the chosen slot, and answers --json', async () => {
    const result = await copy.storefront('plugin', 'new', 'notes', '--no-server', '--slot', 'home.grid', '--json');
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { files: string[] };
    expect(answer).toMatchObject({ id: 'notes', route: '/pages/notes/notes', slot: 'home.grid', site: 'default', enabled: true });
    expect(answer.files).toContain('plugins/notes/plugin.ts');
    expect(answer.files).toContain('plugins/notes/index.ts');
    expect(answer.files).toContain('plugins/notes/pages/notes.page.tsx');
    for (const file of ['server.ts', 'contract.ts', 'add.ts', 'entries.ts', 'migrations']) expect(copy.exists(`plugins/notes/${file}`), file).toBe(false);
    // The menu entry lives in the descriptor; the browser code holds only what runs.
    expect(copy.read('plugins/notes/plugin.ts')).toContain("slot: 'home.grid'");
    expect(copy.read('plugins/notes/index.ts')).toContain('export default defineClient({');
    expect(JSON.parse(copy.read(SITE)).plugins.notes).toEqual({ enabled: true });
  });

  it('enables it nowhere with --no-enable', async () => {
    const siteNow = copy.read(SITE);
    const result = await copy.storefront('plugin', 'new', 'later', '--no-enable', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'later', site: null, enabled: false });
    expect(copy.read(SITE)).toBe(siteNow);
  });

  it('refuses bad ids, reserved names, existing folders and unknown slots or sites with exit code 2, writing nothing', LONG, async () => {
    const foldersBefore = pluginFolders();
    const siteNow = copy.read(SITE);
    const cases: [string[], string][] = [
      [['Wish-List'], '"Wish-List" is not a valid plugin id: use 2–24 lower-case letters and digits, starting with a letter'],
      [['1abc'], '"1abc" is not a valid plugin id'],
      [['kernel'], '"kernel" is a reserved name'],
      [['doctor'], '"doctor" is a built-in command (`storefront doctor`)'],
      [['goods'], 'plugins/goods already exists'],
      [['rewards', '--slot', 'sidebar'], '"sidebar" is not a menu slot; use one of: tabbar, home.grid, member.orders, member.wallet, member.services'],
      [['rewards', '--site', 'nosuch'], 'site `nosuch` does not exist'],
    ];
    for (const [args, message] of cases) {
      const result = await copy.storefront('plugin', 'new', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(pluginFolders()).toEqual(foldersBefore);
    expect(copy.read(SITE)).toBe(siteNow);
  });

  it('lists every problem at once', async () => {
    const result = await copy.storefront('plugin', 'new', 'Bad-Id', '--slot', 'sidebar');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('plugin `Bad-Id` was not created (2 problems):');
    expect(result.stderr).toContain('  - "Bad-Id" is not a valid plugin id');
    expect(result.stderr).toContain('  - "sidebar" is not a menu slot');
  });

  it('generates plugins that type-check with the whole project, pass the lint and their own tests, with no kernel or app file changed', LONG, async () => {
    expect(fingerprint(copy.root)).toBe(frozenBefore);
    const lint = await copy.run(process.execPath, ['node_modules/eslint/bin/eslint.js', 'plugins/wishlist', 'plugins/notes'], { timeoutMs: 240_000 });
    expect(lint.stdout + lint.stderr).toBe('');
    expect(lint.code).toBe(0);
    const tsc = await copy.run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], { timeoutMs: 240_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
    // One worker: this suite's own workers already share the two cores with it.
    const tests = await copy.run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'plugins/wishlist', 'plugins/notes'], {
      timeoutMs: 240_000,
      env: { STOREFRONT_TEST_WORKERS: '1' },
    });
    expect(tests.stderr).not.toMatch(/FAIL/);
    expect(tests.code).toBe(0);
    // server, store and page tests of wishlist; store and page tests of notes.
    expect(tests.stdout).toMatch(/Test Files\s+5 passed \(5\)/);
  });
});
