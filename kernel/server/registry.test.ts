import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { BootError } from './boot-error';
import { discoverPlugins, loadPlugins } from './discover';
import { descriptorSource, fakeProject, wishPlugin, type FakePlugin, type FakeProject } from './fake-project';
import { bellPlugin, earPlugin } from './events-fixtures';
import { createRegistry } from './registry';

const projects: FakeProject[] = [];
afterEach(() => projects.splice(0).forEach((p) => p.remove()));

const plugin = (
  id: string,
  options: { requires?: string[]; paths?: string[]; descriptorId?: string; offers?: string[]; fills?: string[] } = {},
): FakePlugin => ({
  descriptor: {
    id: options.descriptorId ?? id,
    version: '1.0.0',
    requires: options.requires ?? [],
    ...(options.offers ? { offers: options.offers } : {}),
    ...(options.fills ? { fills: options.fills } : {}),
  },
  server: `
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
export default defineServerPlugin(descriptor, {
  routes(api) {
    for (const path of ${JSON.stringify(options.paths ?? [])}) {
      api.handle(defineCall({ path, payload: z.object({}), reply: shape(), summary: path }), () => null);
    }
  },
});
`,
});

describe('plugin discovery and the dependency check', () => {
  it('loads every plugins/*/plugin.ts with its server.ts and orders plugins by dependency, not by name', async () => {
    const project = fakeProject({ alpha: plugin('alpha', { requires: ['zeta'] }), zeta: plugin('zeta'), wish: wishPlugin });
    projects.push(project);
    const discovered = await discoverPlugins(project.root);
    expect(discovered.map((p) => p.id)).toEqual(['alpha', 'wish', 'zeta']);
    const registry = createRegistry(discovered);
    expect(registry.plugins.map((p) => p.id)).toEqual(['wish', 'zeta', 'alpha']);
    expect(registry.calls.filter((c) => c.plugin === 'wish').map((c) => c.call.path)).toContain('/api/wish/add');
  });

  it('knows a plugin without a server side by its descriptor alone, so sites can toggle it', async () => {
    const project = fakeProject({ zeta: plugin('zeta'), notes: { descriptor: { id: 'notes', version: '0.2.0', requires: ['zeta'] } } });
    projects.push(project);
    // Browser code is never imported on the server: this index.ts would not even load in Node.
    project.write('plugins/notes/index.ts', `import './notes.css';\nimport { inlinePlugin } from '@kernel/client/plugin';\nimport descriptor from './plugin';\nexport default inlinePlugin(descriptor, { i18n: { en: () => ({}), 'zh-Hans': () => ({}) } });`);
    project.write('plugins/broken/index.ts', 'export const nothing = 1;');
    const discovery = await loadPlugins(project.root);
    expect(discovery.plugins.map((p) => [p.id, p.version, p.requires])).toEqual([
      ['notes', '0.2.0', ['zeta']],
      ['zeta', '1.0.0', []],
    ]);
    expect(discovery.plugins[0].descriptor).toEqual({ id: 'notes', version: '0.2.0', requires: ['zeta'] });
    expect(discovery.problems.map((p) => p.message)).toEqual([
      "plugins/broken has no plugin.ts: every plugin starts from its descriptor (`export default describePlugin({ id: 'broken', … })`)",
    ]);
  });

  it('loads only the asked plugins and what they require', async () => {
    const project = fakeProject({ alpha: plugin('alpha', { requires: ['zeta'] }), zeta: plugin('zeta'), other: plugin('other') });
    projects.push(project);
    expect((await discoverPlugins(project.root, { only: ['alpha'] })).map((p) => p.id)).toEqual(['alpha', 'zeta']);
  });

  it('reports every broken manifest at once, naming the file', async () => {
    const project = fakeProject({
      good: plugin('good'),
      renamed: plugin('renamed', { descriptorId: 'other' }),
      broken: {
        descriptor: { id: 'broken', version: '1.0.0' },
        server: `import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
import './missing-file';
export default defineServerPlugin(descriptor);`,
      },
      empty: { descriptor: { id: 'empty', version: '1.0.0' }, server: 'export const nothing = 1;' },
    });
    projects.push(project);
    const error = await discoverPlugins(project.root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BootError);
    const messages = (error as BootError).problems.map((p) => p.message);
    expect(messages).toHaveLength(3);
    expect(messages).toContainEqual(expect.stringContaining('plugin `broken` cannot be loaded from plugins/broken/server.ts'));
    expect(messages).toContainEqual('plugins/empty/server.ts must `export default defineServerPlugin(descriptor, {...})`');
    expect(messages).toContainEqual("plugins/renamed/plugin.ts declares id `other`; a plugin's id must be its folder name `renamed`");
  });

  it('reports cycles and path collisions, including with kernel calls, all at once', async () => {
    const project = fakeProject({
      a: plugin('a', { requires: ['b'], paths: ['/api/shared/call'] }),
      b: plugin('b', { requires: ['a'] }),
      c: plugin('c', { paths: ['/api/shared/call', '/api/index/index'] }),
    });
    projects.push(project);
    const registry = createRegistry(await discoverPlugins(project.root));
    const messages = registry.problems.map((p) => p.message);
    expect(messages).toContain('plugins form a dependency cycle: `a` → `b` → `a`');
    expect(messages).toContain('plugin `c` claims path "/api/index/index", which plugin `kernel` already claims');
    expect(messages.some((m) => m.includes('claims path "/api/shared/call"'))).toBe(true);
  });

  it('stops the boot listing broken manifests, failing routes and site problems together', async () => {
    const project = fakeProject({
      a: plugin('a', { requires: ['b'] }),
      b: plugin('b'),
      broken: { descriptor: { id: 'broken', version: '1.0.0' }, server: 'import "./missing-file"; export default {};' },
      thrower: {
        descriptor: { id: 'thrower', version: '1.0.0' },
        server: `import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
export default defineServerPlugin(descriptor, { routes() { throw new Error('no db yet'); } });`,
      },
    });
    projects.push(project);
    project.write('config/sites/default.json', JSON.stringify({ app: { key: 'k', secret: 's' }, plugins: { a: { enabled: true }, b: { enabled: false } } }));
    const error = await createApp({ root: project.root, dataDir: `${project.root}/data`, site: 'default' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BootError);
    const messages = (error as BootError).problems.map((p) => p.message);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain('plugin `broken` cannot be loaded from plugins/broken/server.ts');
    expect(messages).toContain('plugin `thrower`: routes() failed: no db yet');
    expect(messages).toContain('plugin `a` requires `b`, which is disabled in site `default`');
    expect((error as Error).message).toMatch(/^site `default` cannot start \(.*default\.json\):\n {2}- /);
  });

  it('reports a missing dependency against the site, naming plugin and site', async () => {
    const project = fakeProject({ a: plugin('a', { requires: ['ghost'] }) });
    projects.push(project);
    const registry = createRegistry(await discoverPlugins(project.root));
    const report = registry.check({ name: 'default', plugins: { a: { enabled: true } } });
    expect(report.problems.map((p) => p.message)).toEqual(['plugin `a` requires `ghost`, which is not installed']);
  });
});

describe('descriptors (plugin.ts) and the server sides built on them', () => {
  it('reports a folder with a server.ts but no plugin.ts, naming plugin.ts', async () => {
    const project = fakeProject({ good: plugin('good') });
    projects.push(project);
    project.write(
      'plugins/legacy/server.ts',
      `import { defineServerPlugin } from '@kernel/server/plugin';
export default defineServerPlugin({ id: 'legacy', version: '1.0.0' });`,
    );
    const discovery = await loadPlugins(project.root);
    expect(discovery.plugins.map((p) => p.id)).toEqual(['good']);
    expect(discovery.problems).toEqual([
      {
        code: 'invalid-config',
        plugin: 'legacy',
        message: "plugins/legacy has no plugin.ts: every plugin starts from its descriptor (`export default describePlugin({ id: 'legacy', … })`)",
      },
    ]);
    await expect(discoverPlugins(project.root)).rejects.toThrow(BootError);
  });

  it('reports a server.ts that does not build on its own descriptor object', async () => {
    const project = fakeProject({
      // The same identity written again: equal, but not the descriptor object from ./plugin.
      copy: {
        descriptor: { id: 'copy', version: '1.0.0' },
        server: `import { defineServerPlugin } from '@kernel/server/plugin';
export default defineServerPlugin({ id: 'copy', version: '1.0.0' }, {});`,
      },
      // The old shape: a plain manifest object repeating the identity.
      plain: { descriptor: { id: 'plain', version: '1.0.0' }, server: `export default { id: 'plain', version: '1.0.0', routes() {} };` },
      // Another plugin's descriptor.
      borrowed: {
        descriptor: { id: 'borrowed', version: '1.0.0' },
        server: `import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from '../good/plugin';
export default defineServerPlugin(descriptor);`,
      },
      good: plugin('good'),
    });
    projects.push(project);
    const discovery = await loadPlugins(project.root);
    expect(discovery.plugins.map((p) => p.id)).toEqual(['good']);
    const builds = (folder: string) =>
      `plugins/${folder}/server.ts must build on its descriptor: \`import descriptor from './plugin'\` and \`defineServerPlugin(descriptor, {...})\``;
    expect(discovery.problems.map((p) => [p.plugin, p.message])).toEqual([
      ['borrowed', builds('borrowed')],
      ['copy', builds('copy')],
      ['plain', builds('plain')],
    ]);
  });

  it('reports operator commands the descriptor does not declare, and a declaration without commands', async () => {
    const server = (commands: string) => `import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
export default defineServerPlugin(descriptor, { commands: ${commands} });`;
    const command = `[{ command: 'silent hush', description: 'd', run: async () => ({ lines: [], data: null }) }]`;
    const project = fakeProject({
      silent: { descriptor: { id: 'silent', version: '1.0.0' }, server: server(command) },
      empty: { descriptor: { id: 'empty', version: '1.0.0', commands: true }, server: server('[]') },
      loud: { descriptor: { id: 'loud', version: '1.0.0', commands: true }, server: server(command.replace('silent', 'loud')) },
    });
    projects.push(project);
    const discovery = await loadPlugins(project.root);
    expect(discovery.plugins.map((p) => p.id)).toEqual(['loud']);
    expect(discovery.problems.map((p) => p.message)).toEqual([
      'plugins/empty/plugin.ts declares `commands: true`, but plugins/empty/server.ts adds no operator commands',
      'plugins/silent/server.ts adds operator commands: declare `commands: true` in plugins/silent/plugin.ts so `storefront --help` lists them',
    ]);
  });

  it('loads a descriptor-only plugin with its whole descriptor, which a site can switch on and off', async () => {
    const notes = {
      id: 'notes',
      version: '0.3.0',
      requires: ['zeta'],
      routes: [{ path: '/notes/index/index', page: 'notes', navBar: 'custom', title: 'notes:title' }],
      menu: [{ slot: 'member.services', id: 'notes', label: 'notes:menu', icon: 'star', to: '/notes/index/index' }],
    };
    const project = fakeProject({ zeta: plugin('zeta'), notes: { descriptor: notes } });
    projects.push(project);
    const discovered = await discoverPlugins(project.root);
    const loaded = discovered.find((p) => p.id === 'notes');
    expect(loaded).toMatchObject({ id: 'notes', version: '0.3.0', requires: ['zeta'], descriptor: notes });
    expect(loaded?.routes).toBeUndefined();
    const registry = createRegistry(discovered);
    expect(registry.problems).toEqual([]);
    expect(registry.plugins.map((p) => p.id)).toEqual(['zeta', 'notes']);
    expect(registry.calls.filter((c) => c.plugin === 'notes')).toEqual([]);
    expect(registry.check({ name: 'default', plugins: { notes: { enabled: true }, zeta: { enabled: true } } }).enabled).toContain('notes');
    expect(registry.check({ name: 'default', plugins: { notes: { enabled: false } } }).enabled).not.toContain('notes');
    expect(registry.check({ name: 'default', plugins: { notes: { enabled: true }, zeta: { enabled: false } } }).problems.map((p) => p.message)).toEqual([
      'plugin `notes` requires `zeta`, which is disabled in site `default`',
    ]);
  });

  it("knows a plugin's settings from its descriptor, also without a server side", async () => {
    const project = fakeProject({ notes: { descriptor: { id: 'notes', version: '1.0.0', settings: 'z.object({ limit: z._default(z.number(), 5) })' } } });
    projects.push(project);
    const registry = createRegistry(await discoverPlugins(project.root));
    expect(Object.keys(registry.get('notes')?.settings?.shape ?? {})).toEqual(['limit']);
    const report = registry.check({ name: 'default', plugins: { notes: { enabled: true, settings: { limit: 9, colour: 'red' } } } });
    expect(report.problems.map((p) => p.message)).toEqual(['site `default` sets `notes.colour`, which plugin `notes` does not know']);
  });

  it('reports a descriptor whose id is not its folder, or that is broken, naming plugin.ts', async () => {
    const project = fakeProject({
      good: plugin('good'),
      renamed: plugin('renamed', { descriptorId: 'other' }),
      shapeless: plugin('shapeless'),
      missing: plugin('missing'),
      nothing: plugin('nothing'),
    });
    projects.push(project);
    project.write('plugins/shapeless/plugin.ts', `export default { id: 'shapeless', version: 1, requires: 'good' };`);
    project.write('plugins/missing/plugin.ts', `import './missing-file';\n${descriptorSource({ id: 'missing', version: '1.0.0' })}`);
    project.write('plugins/nothing/plugin.ts', 'export const id = "nothing";');
    const discovery = await loadPlugins(project.root);
    expect(discovery.plugins.map((p) => p.id)).toEqual(['good']);
    const messages = discovery.problems.map((p) => p.message);
    expect(messages).toHaveLength(5);
    expect(messages).toContainEqual(expect.stringContaining('plugin `missing` cannot be loaded from plugins/missing/plugin.ts'));
    expect(messages).toContainEqual('plugins/nothing/plugin.ts must `export default describePlugin({...})`');
    expect(messages).toContainEqual("plugins/renamed/plugin.ts declares id `other`; a plugin's id must be its folder name `renamed`");
    expect(messages).toContainEqual('plugins/shapeless/plugin.ts must declare a string `id` and `version`');
    expect(messages).toContainEqual('plugins/shapeless/plugin.ts: `requires` must be a list of strings');
  });

  it('refuses a plugin that fills an extension point of a plugin it does not require', async () => {
    const project = fakeProject({
      goods: plugin('goods', { offers: ['goods.actions'] }),
      cart: plugin('cart', { requires: ['goods'], fills: ['goods.actions'] }),
      wish: { descriptor: { id: 'wish', version: '1.0.0', fills: ['goods.actions'] } },
      gift: plugin('gift', { fills: ['gift.wrap'] }),
    });
    projects.push(project);
    const registry = createRegistry(await discoverPlugins(project.root));
    expect(registry.problems).toEqual([
      { code: 'unknown-extension-point', plugin: 'gift', message: 'plugin `gift` fills extension point "gift.wrap", which no installed plugin offers' },
      {
        code: 'undeclared-extension',
        plugin: 'wish',
        message: 'plugin `wish` fills extension point "goods.actions" of plugin `goods` without requiring it: add `goods` to its `requires`',
      },
    ]);
    // Whatever the site enables: the plugins are installed together, so the site is refused.
    const report = registry.check({ name: 'default', plugins: { goods: { enabled: true }, wish: { enabled: false }, gift: { enabled: false } } });
    expect(report.problems.map((p) => p.code)).toEqual(['unknown-extension-point', 'undeclared-extension']);
  });

  it('lets a filler that requires the offerer through, and refuses the site at boot otherwise', async () => {
    const project = fakeProject({
      goods: plugin('goods', { offers: ['goods.actions'] }),
      cart: plugin('cart', { requires: ['goods'], fills: ['goods.actions'] }),
    });
    projects.push(project);
    expect(createRegistry(await discoverPlugins(project.root)).problems).toEqual([]);

    project.write('plugins/wish/plugin.ts', descriptorSource({ id: 'wish', version: '1.0.0', fills: ['goods.actions'] }));
    project.write('config/sites/default.json', JSON.stringify({ app: { key: 'k', secret: 's' }, plugins: {} }));
    const error = await createApp({ root: project.root, dataDir: `${project.root}/data`, site: 'default' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BootError);
    expect((error as BootError).problems.map((p) => p.message)).toEqual([
      'plugin `wish` fills extension point "goods.actions" of plugin `goods` without requiring it: add `goods` to its `requires`',
    ]);
  });

  it("refuses a plugin that subscribes to another plugin's event without requiring it, and lets one that requires it through", async () => {
    const project = fakeProject({ bell: bellPlugin, ear: earPlugin, deaf: { ...earPlugin, descriptor: { id: 'deaf', version: '1.0.0' } } });
    projects.push(project);
    const registry = createRegistry(await discoverPlugins(project.root));
    expect(registry.problems).toEqual([
      {
        code: 'undeclared-event',
        plugin: 'deaf',
        message: 'plugin `deaf` subscribes to event "bell.rung" of plugin `bell` without requiring it: add `bell` to its `requires`',
      },
    ]);
  });

  it('refuses a plugin whose server contributes to a point its descriptor does not list under `fills`', async () => {
    const contributing = (descriptor: FakePlugin['descriptor']): FakePlugin => ({
      descriptor,
      server: `
import { contribute, createExtensionPoint } from '@kernel/core/extension';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
const goodsActions = createExtensionPoint<string>('goods.actions');
export default defineServerPlugin(descriptor, { contributes: contribute(goodsActions, 'wish') });
`,
    });
    const project = fakeProject({
      goods: plugin('goods', { offers: ['goods.actions'] }),
      cart: contributing({ id: 'cart', version: '1.0.0', requires: ['goods'], fills: ['goods.actions'] }),
      wish: contributing({ id: 'wish', version: '1.0.0', requires: ['goods'] }),
    });
    projects.push(project);
    expect(createRegistry(await discoverPlugins(project.root)).problems).toEqual([
      {
        code: 'undeclared-extension',
        plugin: 'wish',
        message: 'plugin `wish` contributes to extension point "goods.actions" without listing it: add the point to its `fills`',
      },
    ]);
  });

  it("claims the descriptors' route paths like call paths: one plugin each", async () => {
    const page = (path: string) => ({ path, page: 'home', navBar: 'custom', title: 'x:title' });
    const project = fakeProject({
      a: { descriptor: { id: 'a', version: '1.0.0', routes: [page('/a/index/index')] } },
      b: { descriptor: { id: 'b', version: '1.0.0', routes: [page('/a/index/index'), page('/b/index/index')] } },
    });
    projects.push(project);
    const registry = createRegistry(await discoverPlugins(project.root));
    expect(registry.problems.map((p) => [p.code, p.plugin])).toEqual([['path-collision', 'b']]);
    expect(registry.problems[0].message).toContain('"/a/index/index"');
  });
});
