import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@kernel/server/app';
import { descriptorSource } from '@kernel/server/fake-project';
import { copyProject, type ProjectCopy } from '../../tests/cli/project-copy';

// Two server-only plugins in the copy: `wish` needs goods, `fan` needs wish.
const writePlugin = (project: ProjectCopy, id: string, requires: string[]) => {
  project.write(`plugins/${id}/plugin.ts`, descriptorSource({ id, version: '1.0.0', requires }));
  project.write(
    `plugins/${id}/server.ts`,
    `
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
export default defineServerPlugin(descriptor);
`,
  );
};
const SITE = 'config/sites/default.json';

let copy: ProjectCopy;
let original: string;
beforeAll(() => {
  copy = copyProject();
  writePlugin(copy, 'wish', ['goods']);
  writePlugin(copy, 'fan', ['wish']);
  original = copy.read(SITE);
});
afterAll(() => copy?.remove());

describe('storefront plugin enable|disable', () => {
  it('round-trips a toggle leaving every other byte of the site file as it was', async () => {
    const off = await copy.storefront('plugin', 'disable', 'signin');
    expect(off.code).toBe(0);
    expect(off.stdout).toContain('disabled `signin` in site `default`');
    expect(copy.read(SITE)).toBe(original.replace('"signin": { "enabled": true }', '"signin": { "enabled": false }'));
    const on = await copy.storefront('plugin', 'enable', 'signin');
    expect(on.code).toBe(0);
    expect(copy.read(SITE)).toBe(original);
  });

  it('refuses to enable a plugin whose requirement is disabled, naming every party, and writes nothing', async () => {
    const result = await copy.storefront('plugin', 'enable', 'fan');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('plugin `fan` requires `wish`, which is disabled in site `default`');
    expect(copy.read(SITE)).toBe(original);
  });

  it('with --cascade --dry-run lists what would be enabled and writes nothing', async () => {
    const result = await copy.storefront('plugin', 'enable', 'fan', '--cascade', '--dry-run', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ dryRun: true, changes: [{ id: 'fan', enabled: true }, { id: 'wish', enabled: true }] });
    expect(copy.read(SITE)).toBe(original);
  });

  it('refuses to disable goods while wish needs it, and cascades with --cascade', async () => {
    expect((await copy.storefront('plugin', 'enable', 'fan', '--cascade')).code).toBe(0);
    const refused = await copy.storefront('plugin', 'disable', 'goods');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('plugin `goods` is required by `wish`, `address`, `article`, `order`, `seckill`, `team`, `cart`, which are enabled in site `default`');
    const cascaded = await copy.storefront('plugin', 'disable', 'goods', '--cascade');
    expect(cascaded.code).toBe(0);
    expect(cascaded.stdout).toMatch(/also disabled: .*`wish`.*`fan`/);
    const list = JSON.parse((await copy.storefront('plugin', 'list', '--json')).stdout) as { id: string; enabled: boolean }[];
    expect(list.filter((p) => ['goods', 'wish', 'fan'].includes(p.id)).map((p) => p.enabled)).toEqual([false, false, false]);
  });

  it('refuses core plugins, unknown plugins and unknown sites with their own exit codes', async () => {
    const core = await copy.storefront('plugin', 'disable', 'home');
    expect([core.code, core.stderr]).toEqual([1, expect.stringContaining('plugin `home` is part of the shell and cannot be disabled')]);
    const unknown = await copy.storefront('plugin', 'enable', 'nosuch');
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('plugin `nosuch` is not installed; installed: ')]);
    const site = await copy.storefront('plugin', 'enable', 'goods', '--site', 'nowhere');
    expect([site.code, site.stderr]).toEqual([2, expect.stringContaining('site `nowhere` does not exist')]);
  });

  it('is applied by a running server without a restart', async () => {
    await copy.storefront('plugin', 'enable', 'cart', '--cascade');
    const app = await createApp({ root: copy.root, site: 'default', dataDir: path.join(copy.root, 'data'), watchIntervalMs: 50 });
    try {
      expect(app.storefront.site.isEnabled('cart')).toBe(true);
      expect((await copy.storefront('plugin', 'disable', 'cart')).code).toBe(0);
      await expect.poll(() => app.storefront.site.isEnabled('cart'), { timeout: 5000 }).toBe(false);
    } finally {
      await app.close();
    }
  });
});
