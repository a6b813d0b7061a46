import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kernelContract } from '../core/kernel.contract';
import { BootError } from './boot-error';
import { discoverPlugins } from './discover';
import { fanPlugin, wishPlugin } from './fake-project';
import { serveFakeProject } from './fake-project-server';
import { createRegistry } from './registry';
import { parseSiteFile } from './site-config';
import type { TestServer } from './testing';
import { eventually } from './test-wait';

const project = serveFakeProject({ wish: wishPlugin, fan: fanPlugin }, (server) => (t = server));
let t: TestServer;

const enabledIds = async () => (await t.call(kernelContract.index)).body.data.plugins.map((p) => p.id);

describe('live site config', () => {
  it('switches a plugin off and on again on a running app, by editing the file', async () => {
    expect(await enabledIds()).toEqual(['wish', 'fan']);
    await t.setPlugins({ fan: false });

    const off = await t.call('/api/fan/cheer', {});
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ code: 0, msg: '本站未开启此功能（fan）', data: { plugin: 'fan' } });
    const offEn = await t.call('/api/fan/cheer', {}, { lang: 'en' });
    expect(offEn.body.msg).toBe('This feature (fan) is not enabled on this site');
    expect(await enabledIds()).toEqual(['wish']);

    await t.setPlugins({ fan: true });
    expect((await t.call('/api/fan/cheer', {})).body).toMatchObject({ code: 1, data: { ok: true } });
    expect(await enabledIds()).toEqual(['wish', 'fan']);
  });

  it('keeps the last good config when an edit is invalid, and says why', async () => {
    const good = t.site.version;
    // Disabling wish while fan (which requires it) stays on is refused.
    await expect(t.setPlugins({ wish: false })).rejects.toThrow(
      'plugin `fan` requires `wish`, which is disabled in site `test`',
    );
    expect(t.site.version).toBe(good);
    expect(await enabledIds()).toEqual(['wish', 'fan']);

    fs.writeFileSync(t.siteFile, '{ not json');
    await eventually(() => t.site.problems.some((p) => p.message.includes('not valid JSON')), 'the broken site file is reported');
    expect((await t.call('/api/fan/cheer', {})).body.code).toBe(1);

    await t.setPlugins({ wish: true });
    expect(t.site.problems).toEqual([]);
  });

  it('applies settings with their defaults', async () => {
    expect(t.site.settings('wish')).toEqual({ limit: 3 });
    await t.editSite((file) => {
      file.plugins.wish.settings = { limit: 5 };
    });
    expect(t.site.settings('wish')).toEqual({ limit: 5 });
    expect((await t.call<{ limit: number }>('/api/wish/list', {}, { method: 'GET' })).body.data.limit).toBe(5);
  });
});

describe('site file validation', () => {
  it('reports every problem at once, with its path, plugin and site', async () => {
    const registry = createRegistry(await discoverPlugins(project.root));
    const text = JSON.stringify({
      site: { siteTheme: 'blue', forceLogin: 'yes' },
      app: { key: '', secret: 's' },
      plugins: { wish: { enabled: true } },
    });
    const { site, problems } = parseSiteFile(text, 'shop', registry);
    expect(site).toBeUndefined();
    expect(problems.map((p) => p.message)).toEqual([
      'site `shop`: site.siteTheme: siteTheme must be a hex or rgb colour',
      'site `shop`: site.forceLogin: Invalid input: expected boolean, received string',
      'site `shop`: app.key: Too small: expected string to have >=1 characters',
    ]);
  });

  it('reports graph and settings problems together', async () => {
    const registry = createRegistry(await discoverPlugins(project.root));
    const text = JSON.stringify({
      app: { key: 'k', secret: 's' },
      plugins: {
        wish: { enabled: false, settings: { limit: 'many', colour: 'red' } },
        fan: { enabled: true },
        ghost: { enabled: true },
      },
    });
    const { problems } = parseSiteFile(text, 'shop', registry);
    expect(problems.map((p) => `${p.plugin}: ${p.message}`).sort()).toEqual([
      'fan: plugin `fan` requires `wish`, which is disabled in site `shop`',
      'ghost: site `shop` configures plugin `ghost`, which is not installed',
      'wish: site `shop` sets `wish.colour`, which plugin `wish` does not know',
      'wish: site `shop` sets `wish.limit`: Invalid input: expected number, received string',
    ]);
  });

  it('stops the boot with every problem listed', async () => {
    fs.mkdirSync(`${project.root}/config/sites`, { recursive: true });
    fs.writeFileSync(
      `${project.root}/config/sites/broken.json`,
      JSON.stringify({ app: { key: 'k', secret: 's' }, plugins: { wish: { enabled: false }, fan: { enabled: true }, ghost: { enabled: true } } }),
    );
    const { createApp } = await import('./app');
    const error = await createApp({ root: project.root, dataDir: `${project.root}/data`, site: 'broken' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BootError);
    expect((error as Error).message).toContain('plugin `fan` requires `wish`, which is disabled in site `broken`');
    expect((error as Error).message).toContain('site `broken` configures plugin `ghost`, which is not installed');
  });
});
