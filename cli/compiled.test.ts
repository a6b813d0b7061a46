import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../tests/cli/project-copy';

const LONG = { timeout: 120_000 };
let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject();
});
afterAll(() => copy.remove());

/** `storefront …args` taking one way only: the compiled CLI (which refuses what it cannot run) or tsx. */
const way = (cli: 'compiled' | 'tsx') => (...args: string[]) =>
  copy.run(process.execPath, [path.join(copy.root, 'cli', 'bin.js'), ...args], { env: { STOREFRONT_CLI: cli } });
const compiled = way('compiled');
const tsx = way('tsx');

describe('the compiled CLI', () => {
  it('prints the same help and version as the CLI through tsx, operator groups included', LONG, async () => {
    const [fast, full] = await Promise.all([compiled('--help'), tsx('--help')]);
    expect(fast.code).toBe(0);
    expect(fast.stdout).toBe(full.stdout);
    expect(fast.stdout).toContain('goods             operator commands (plugin `goods`)');
    expect((await compiled('plugin', '--help')).stdout).toBe((await tsx('plugin', '--help')).stdout);
    expect((await compiled('--version')).stdout).toBe((await tsx('--version')).stdout);
  });

  it('switches plugins on and off, and says why it refuses, like the CLI through tsx', LONG, async () => {
    const site = copy.read('config/sites/default.json');
    const refusedFast = await compiled('plugin', 'disable', 'goods');
    const refusedFull = await tsx('plugin', 'disable', 'goods');
    expect(refusedFast).toEqual(refusedFull);
    expect(refusedFast.code).toBe(1);
    expect(copy.read('config/sites/default.json')).toBe(site);

    const off = await compiled('plugin', 'disable', 'cash');
    expect(off.code).toBe(0);
    expect(JSON.parse(copy.read('config/sites/default.json')).plugins.cash.enabled).toBe(false);
    expect((await compiled('cash', 'list')).stderr).toContain('`cash` commands belong to plugin `cash`, which is disabled in site `default`');
    expect((await compiled('plugin', 'enable', 'cash')).code).toBe(0);
    expect(copy.read('config/sites/default.json')).toBe(site);
  });

  it('leaves commands that run server code to tsx, which runs them in its place', LONG, async () => {
    const refused = await compiled('goods', '--help');
    expect(refused.code).toBe(70);
    expect(refused.stdout).toBe('');
    const served = await copy.storefront('goods', '--help');
    expect(served.code).toBe(0);
    expect(served.stdout).toContain('Usage: storefront goods [options] [command]');
    expect(served.stdout).toBe((await tsx('goods', '--help')).stdout);
  });

  it('is rebuilt when a plugin is added or a source changes', LONG, async () => {
    expect((await compiled('--help')).stdout).not.toContain('bookmarks');
    const created = await copy.storefront('plugin', 'new', 'bookmarks');
    expect(created.code).toBe(0);
    const after = await compiled('--help');
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('bookmarks         operator commands (plugin `bookmarks`)');

    // An edit to a command's definition shows at once.
    const file = path.join(copy.root, 'cli', 'commands', 'outbox.ts');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('(codes), newest first', '(codes), latest on top'));
    expect((await compiled('--help')).stdout).toContain('(codes), latest on top');
  });
});
