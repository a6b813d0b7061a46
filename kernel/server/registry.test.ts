/**
 * The plugin registry: discovery of plugins/*, the order by dependency, and the problems that stop
 * a boot (broken manifests, cycles, path collisions, missing or disabled dependencies), all at once.
 * Descriptors and the server sides built on them: ./registry-descriptors.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { BootError } from './boot-error';
import { discoverPlugins, loadPlugins } from './discover';
import { fakeProject, wishPlugin, type FakeProject } from './fake-project';
import { createRegistry } from './registry';
import { plugin } from './registry-fixtures';

const projects: FakeProject[] = [];
afterEach(() => projects.splice(0).forEach((p) => p.remove()));

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
