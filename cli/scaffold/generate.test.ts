import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MENU_SLOTS, planPlugin, routeOf, writePlugin, type PlannedFile } from './generate';

const file = (files: PlannedFile[], name: string) => files.find((f) => f.path === name)?.content ?? '';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`)));

describe('planning a plugin', () => {
  it('has the shape of the hand-written plugins: descriptor, settings, manifests, public surfaces, contract, verb-named rules, reads, page, store, migration, i18n, tests', () => {
    expect(planPlugin({ id: 'wishlist', slot: 'member.services', server: true }).map((f) => f.path)).toEqual([
      'add.ts',
      'contract.ts',
      'entries.ts',
      'i18n/en.json',
      'i18n/zh-Hans.json',
      'index.ts',
      'migrations/wishlist_001_init.ts',
      'operator.ts',
      'pages/wishlist.css',
      'pages/wishlist.page.test.tsx',
      'pages/wishlist.page.tsx',
      'paths.ts',
      'plugin.ts',
      'public-client.ts',
      'public.ts',
      'server.test.ts',
      'server.ts',
      'settings.ts',
      'store.test.ts',
      'store.ts',
      'tables.ts',
    ]);
  });

  it('leaves out everything of the server with --no-server', () => {
    const paths = planPlugin({ id: 'notes', slot: 'home.grid', server: false }).map((f) => f.path);
    expect(paths).toEqual(['i18n/en.json', 'i18n/zh-Hans.json', 'index.ts', 'pages/notes.css', 'pages/notes.page.test.tsx', 'pages/notes.page.tsx', 'paths.ts', 'plugin.ts', 'public-client.ts', 'store.test.ts', 'store.ts']);
  });

  it('uses the id everywhere it is reused: route, calls, table, migration, i18n namespace, command group', () => {
    const files = planPlugin({ id: 'wishlist', slot: 'member.services', server: true });
    expect(routeOf('wishlist')).toBe('/pages/wishlist/wishlist');
    expect(file(files, 'paths.ts')).toContain("export const WISHLIST_PATH = '/pages/wishlist/wishlist';");
    expect(file(files, 'contract.ts')).toContain("path: '/api/wishlist/add'");
    expect(file(files, 'tables.ts')).toContain('wishlist_entry: WishlistEntryTable;');
    expect(file(files, 'migrations/wishlist_001_init.ts')).toContain("name: 'wishlist_001_init'");
    expect(file(files, 'plugin.ts')).toContain("id: 'wishlist'");
    expect(file(files, 'plugin.ts')).toContain("title: 'wishlist:title'");
    expect(file(files, 'index.ts')).toContain('export default defineClient({');
    expect(file(files, 'operator.ts')).toContain("command: 'wishlist list [username]'");
  });

  it('writes the identity once, in the descriptor: server.ts builds on it, the browser code repeats nothing', () => {
    for (const server of [true, false]) {
      const files = planPlugin({ id: 'wishlist', slot: 'member.services', server });
      if (server) expect(file(files, 'server.ts')).toContain("import descriptor from './plugin';");
      for (const name of server ? ['index.ts', 'server.ts'] : ['index.ts']) expect(file(files, name)).not.toMatch(/id: 'wishlist'|version:|routes:/);
    }
  });

  it.each(MENU_SLOTS)('puts the menu entry in slot %s, and shows the tab bar only for a tab', (slot) => {
    for (const server of [true, false]) {
      const manifest = file(planPlugin({ id: 'wishlist', slot, server }), 'plugin.ts');
      expect(manifest).toContain(`menu: [{ slot: '${slot}', id: 'wishlist', label: 'wishlist:menu', icon: 'star'`);
      expect(manifest).toContain(`tabbar: ${slot === 'tabbar'} }]`);
    }
  });

  it('writes every string in both languages, as valid JSON with the same keys', () => {
    for (const server of [true, false]) {
      const files = planPlugin({ id: 'wishlist', slot: 'member.services', server });
      const en = JSON.parse(file(files, 'i18n/en.json')) as Tree;
      const zh = JSON.parse(file(files, 'i18n/zh-Hans.json')) as Tree;
      expect(keys(zh).sort()).toEqual(keys(en).sort());
      expect(en.title).toBe('Wishlist');
    }
  });
});

describe('writing a plugin', () => {
  let root = '';
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  const fresh = () => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-write-')));
  const listing = (dir: string) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

  it('lands every file in plugins/<id>/ and nothing else in plugins/', () => {
    fresh();
    writePlugin(root, 'wishlist', [
      { path: 'index.ts', content: 'i' },
      { path: 'pages/wishlist.page.tsx', content: 'p' },
    ]);
    expect(fs.readdirSync(path.join(root, 'plugins'))).toEqual(['wishlist']);
    expect(listing(path.join(root, 'plugins', 'wishlist'))).toEqual(['index.ts', 'pages', 'pages/wishlist.page.tsx']);
    expect(fs.readFileSync(path.join(root, 'plugins', 'wishlist', 'pages', 'wishlist.page.tsx'), 'utf8')).toBe('p');
  });

  it('leaves nothing behind when a file cannot be written', () => {
    fresh();
    // `index.ts` is a file, so `index.ts/oops` cannot be created beneath it.
    const broken = [
      { path: 'index.ts', content: 'i' },
      { path: 'index.ts/oops', content: 'x' },
    ];
    expect(() => writePlugin(root, 'wishlist', broken)).toThrow();
    expect(fs.readdirSync(path.join(root, 'plugins'))).toEqual([]);
  });

  it('refuses to replace a folder that appeared meanwhile, even an empty one', () => {
    fresh();
    fs.mkdirSync(path.join(root, 'plugins', 'wishlist'), { recursive: true });
    expect(() => writePlugin(root, 'wishlist', [{ path: 'index.ts', content: 'i' }])).toThrow('plugins/wishlist already exists');
    expect(fs.readdirSync(path.join(root, 'plugins'))).toEqual(['wishlist']);
    expect(fs.readdirSync(path.join(root, 'plugins', 'wishlist'))).toEqual([]);
  });
});
