import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '@kernel/server/app';
import { readStoredSite } from '@kernel/server/site-store';
import { testDatabase, testPostgresUrl, type TestDatabase } from '@kernel/server/test-database';
import { runInProcess } from '../../tests/cli/in-process';
import { copyProject, type ProjectCopy } from '../../tests/cli/project-copy';

const LONG = { timeout: 120_000 };
const SITE_FILE = 'config/sites/default.json';
let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject();
});
afterAll(() => copy?.remove());

/** `storefront …args` in the copy; a DATABASE_URL of the machine running the tests does not leak in. */
const storefront = (...args: string[]) => runInProcess(args, { root: copy.root, env: { DATABASE_URL: undefined } });
/** The same as a real process, for the refusals on SQLite: `site export` and `site import` through bin.js. */
const storefrontProcess = (...args: string[]) => copy.run(process.execPath, [path.join(copy.root, 'cli', 'bin.js'), ...args], { env: { DATABASE_URL: undefined } });
const disable = (text: string, id: string) => text.replace(`"${id}": { "enabled": true }`, `"${id}": { "enabled": false }`);

describe('storefront site export|import on SQLite', () => {
  it('refuses both, saying the site file is the config itself, and writes nothing', LONG, async () => {
    const before = copy.read(SITE_FILE);
    const exported = await storefrontProcess('site', 'export');
    expect(exported.code).toBe(2);
    expect(exported.stderr).toContain(
      '`storefront site export` moves a config between a site file and PostgreSQL, and site `default` is on SQLite (data/default.sqlite), where config/sites/default.json is the config itself: there is nothing to export',
    );
    expect(exported.stderr).toContain('name the PostgreSQL database with --database-url postgres://… or $DATABASE_URL');
    const imported = await storefrontProcess('site', 'import', '--database-url', `sqlite:${path.join(copy.root, 'data', 'default.sqlite')}`);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain('site `default` is on SQLite');
    expect(imported.stderr).toContain('there is nothing to import');
    expect(copy.read(SITE_FILE)).toBe(before);
    expect(copy.exists('data/default.sqlite')).toBe(false);
  });
});

describe('storefront site export|import on PostgreSQL', () => {
  let database: TestDatabase;
  let node: FastifyInstance | undefined;
  beforeAll(() => {
    database = testDatabase(copy.root);
  });
  afterAll(async () => {
    await node?.close();
    await database?.drop();
  });

  it.skipIf(!testPostgresUrl())('moves the config between the file and the database, checking it as a node does; a running node applies an import', LONG, async () => {
    const url = database.url as string;
    const original = copy.read(SITE_FILE);

    const early = await storefront('site', 'import', '--database-url', url);
    expect([early.code, early.stderr]).toEqual([1, expect.stringContaining('has no table of shared site configs yet (its migrations are pending); run `storefront db migrate`')]);
    expect((await storefront('db', 'migrate', '--database-url', url)).code).toBe(0);

    const none = await storefront('site', 'export', '--database-url', url);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/holds no config for site `default`: the first node started on it imports its site file, or `storefront site import --site default` stores one/);
    expect(none.stderr).toContain('sites it holds: (none)');

    // Every problem at once, and nothing stored.
    copy.write('broken.json', disable(original, 'order').replace('"goods": { "enabled": true }', '"goods": { "enabled": true, "settings": { "pageSize": 3 } }'));
    const refused = await storefront('site', 'import', '--database-url', url, '--from', 'broken.json');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('broken.json cannot be imported as site `default`');
    expect(refused.stderr).toContain('nothing was stored');
    expect(refused.stderr).toMatch(/- plugin `\w+` requires `order`, which is disabled in site `default`/);
    expect(refused.stderr).toContain('- site `default` sets `goods.pageSize`, which plugin `goods` does not know');
    const db = database.open();
    try {
      expect(await readStoredSite(db, 'default')).toBeNull();

      const first = await storefront('site', 'import', '--database-url', url, '--json');
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({ site: 'default', file: SITE_FILE, version: 1, previousVersion: null, changed: true });
      expect(await readStoredSite(db, 'default')).toEqual({ body: original, version: 1 });
      const again = await storefront('site', 'import', '--database-url', url);
      expect([again.code, again.stdout]).toEqual([0, expect.stringContaining(`already holds ${SITE_FILE} as version 1 of site \`default\`; nothing to store`)]);

      // A node on the database runs what it holds; an import reaches it within a second.
      node = await createApp({ root: copy.root, dataDir: path.join(copy.root, 'data'), databaseUrl: url, site: 'default' });
      expect(node.storefront.site.isEnabled('lottery')).toBe(true);
      copy.write('edited.json', disable(original, 'lottery').replace('优选商城', 'Another shop'));
      const second = await storefront('site', 'import', '--database-url', url, '--from', 'edited.json');
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('stored edited.json as version 2 of site `default`');
      expect(second.stdout).toContain('`lottery` is enabled in the previous version and not in this one');
      expect(second.stdout).toContain('other fields differ: `site.siteName`');
      const storefrontOf = node.storefront;
      await expect.poll(() => storefrontOf.site.isEnabled('lottery'), { timeout: 5_000, interval: 50 }).toBe(false);
      await expect.poll(() => copy.read(SITE_FILE), { timeout: 5_000, interval: 50 }).toBe(copy.read('edited.json'));
      await node.close();
      node = undefined;

      // Export writes the database's text exactly, to the site file, elsewhere or to stdout.
      copy.write(SITE_FILE, original);
      const exported = await storefront('site', 'export', '--database-url', url);
      expect([exported.code, exported.stdout]).toEqual([0, expect.stringContaining(`wrote version 2 of site \`default\` from ${url.replace(/\?.*/, '')}`)]);
      expect(copy.read(SITE_FILE)).toBe(copy.read('edited.json'));
      const unchanged = await storefront('site', 'export', '--database-url', url);
      expect(unchanged.stdout).toContain(`${SITE_FILE} already holds version 2 of site \`default\``);
      expect((await storefront('site', 'export', '--database-url', url, '--out', 'out/site.json')).code).toBe(0);
      expect(copy.read('out/site.json')).toBe(copy.read('edited.json'));
      const printed = await storefront('site', 'export', '--database-url', url, '--out', '-');
      expect(printed.stdout).toBe(copy.read('edited.json').replace(/\n?$/, '\n'));
    } finally {
      await db.destroy();
    }
  });
});
