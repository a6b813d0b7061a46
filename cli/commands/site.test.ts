import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../../tests/cli/project-copy';

let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject();
});
afterAll(() => copy?.remove());

describe('storefront site new|list', () => {
  it('creates a site as an exact copy of another and lists both', async () => {
    const created = await copy.storefront('site', 'new', 'shop2');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('created site `shop2` from `default` (config/sites/shop2.json)');
    expect(copy.read('config/sites/shop2.json')).toBe(copy.read('config/sites/default.json'));
    const list = JSON.parse((await copy.storefront('site', 'list', '--json')).stdout) as { name: string; valid: boolean; enabled: string[] }[];
    expect(list.map((s) => [s.name, s.valid])).toEqual([
      ['default', true],
      ['shop2', true],
    ]);
    expect(list[1].enabled).toEqual(expect.arrayContaining(['home', 'goods', 'auth', 'member']));
  });

  it('keeps toggles per site: disabling goods in shop2 leaves default alone', async () => {
    expect((await copy.storefront('plugin', 'disable', 'goods', '--site', 'shop2', '--cascade')).code).toBe(0);
    // `site list` runs as a real process above; here in this one.
    const list = JSON.parse((await copy.storefrontInProcess('site', 'list', '--json')).stdout) as { name: string; enabled: string[] }[];
    expect(list.find((s) => s.name === 'shop2')?.enabled).not.toContain('goods');
    expect(list.find((s) => s.name === 'default')?.enabled).toContain('goods');
  });

  it('refuses an existing site, a bad name and a missing source, writing nothing', async () => {
    const existing = await copy.storefront('site', 'new', 'shop2');
    expect([existing.code, existing.stderr]).toEqual([2, expect.stringContaining('site `shop2` already exists')]);
    const bad = await copy.storefront('site', 'new', 'Shop_3');
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('"Shop_3" is not a valid site name')]);
    const missing = await copy.storefront('site', 'new', 'shop3', '--from', 'nowhere');
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('site `nowhere` does not exist (config/sites/nowhere.json); sites: `default`, `shop2`')]);
    expect(copy.exists('config/sites/shop3.json')).toBe(false);
  });
});
