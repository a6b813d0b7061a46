/**
 * The plugin registry and descriptors (plugin.ts): a server.ts must build on its own descriptor,
 * a descriptor alone makes a plugin a site can toggle, and `fills`, events and route paths are
 * checked against what the plugins require and claim.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { BootError } from './boot-error';
import { discoverPlugins, loadPlugins } from './discover';
import { descriptorSource, fakeProject, type FakePlugin, type FakeProject } from './fake-project';
import { bellPlugin, earPlugin } from './events-fixtures';
import { createRegistry } from './registry';
import { plugin } from './registry-fixtures';

const projects: FakeProject[] = [];
afterEach(() => projects.splice(0).forEach((p) => p.remove()));

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
