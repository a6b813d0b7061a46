import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@kernel/server/db';
import { storeSite } from '@kernel/server/site-store';
import { testDatabase, testPostgresUrl } from '@kernel/server/test-database';
import { descriptorSource } from '@kernel/server/fake-project';
import { copyProject, type ProjectCopy, type RunResult } from '../../tests/cli/project-copy';

interface Report {
  ok: boolean;
  problems: number;
  checks: { id: string; problems: string[]; notes: string[] }[];
}

/** Writes a plugin folder into `project`: its descriptor and a server side built on it. */
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

let copy: ProjectCopy;
let port: number;
beforeAll(async () => {
  copy = copyProject();
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => copy?.remove());

/** `storefront doctor --json …args` on the copy, in this process; `doctorProcess` starts a real one. */
const doctorArgs = (args: string[]) => ['doctor', '--json', '--port', String(port), '--data-dir', path.join(copy.root, 'data'), ...args];
const withReport = (result: RunResult) => ({ ...result, report: JSON.parse(result.stdout) as Report });
const doctor = async (...args: string[]) => withReport(await copy.storefrontInProcess(...doctorArgs(args)));
const doctorProcess = async (...args: string[]) => withReport(await copy.storefront(...doctorArgs(args)));
const problemsOf = (report: Report, id: string) => report.checks.find((c) => c.id === id)?.problems ?? [];

describe('storefront doctor', () => {
  it('passes a healthy site with exit code 0', async () => {
    const { code, report } = await doctor();
    expect(report.checks.map((c) => c.id)).toEqual(['manifests', 'site', 'commands', 'migrations', 'invariants', 'events', 'port']);
    expect([code, report.ok, report.problems]).toEqual([0, true, 0]);
  });

  it('reports every problem of a broken site at once: missing dependency, unknown keys, a cycle', async () => {
    const broken = copyProject();
    try {
      writePlugin(broken, 'loopa', ['loopb']);
      writePlugin(broken, 'loopb', ['loopa']);
      writePlugin(broken, 'needy', ['nowhere']);
      const site = JSON.parse(broken.read('config/sites/default.json'));
      site.colour = 'red';
      site.plugins.goods.settings = { pageSize: 10 };
      site.plugins.needy = { enabled: true };
      broken.write('config/sites/default.json', JSON.stringify(site, null, 2));
      const result = await broken.storefrontInProcess('doctor', '--json', '--port', String(port), '--data-dir', path.join(broken.root, 'data'));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('doctor found');
      const report = JSON.parse(result.stdout) as Report;
      const all = report.checks.flatMap((c) => c.problems);
      expect(all).toEqual(
        expect.arrayContaining([
          expect.stringContaining('plugins form a dependency cycle: `loopa` → `loopb` → `loopa`'),
          'plugin `needy` requires `nowhere`, which is not installed',
          expect.stringMatching(/site `default`: .*colour/),
          'site `default` sets `goods.pageSize`, which plugin `goods` does not know',
        ]),
      );
      expect(report.problems).toBe(all.length);
    } finally {
      broken.remove();
    }
  });

  it('finds pending migrations, then broken invariants naming the rows', async () => {
    expect((await copy.storefrontInProcess('seed', '--data-dir', path.join(copy.root, 'data'))).code).toBe(0);
    expect((await doctor()).report.ok).toBe(true);

    const db = openDatabase(path.join(copy.root, 'data', 'default.sqlite'));
    await db.updateTable('kernel_user').set((eb) => ({ money: eb('money', '+', 7) })).where('username', '=', 'demo').execute();
    await db.deleteFrom('kernel_migration').where('name', '=', 'home_001_init').execute();
    await db.destroy();

    const pending = await doctor();
    expect(pending.code).toBe(1);
    expect(problemsOf(pending.report, 'migrations')).toEqual(['migration "home_001_init" of plugin `home` is pending (the next start applies it)']);
    expect(pending.report.checks.find((c) => c.id === 'invariants')?.notes).toEqual(['skipped until the pending migrations are applied']);

    const fixed = openDatabase(path.join(copy.root, 'data', 'default.sqlite'));
    await fixed.insertInto('kernel_migration').values({ plugin: 'home', name: 'home_001_init', version: '1.0.0', applied_at: 0 }).execute();
    await fixed.destroy();
    const invariants = problemsOf((await doctor()).report, 'invariants');
    expect(invariants).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^`kernel` money-equals-ledger .*: user \d+ \(demo\): money \d+ ≠ ledger \d+$/),
      ]),
    );
  });

  it('checks the database --database-url names, and says so without its password when it cannot be reached', async () => {
    // A real process: the unreachable PostgreSQL leaves a promise pending inside pg, which stays out of this one.
    const { code, report } = await doctorProcess('--database-url', 'postgres://shop:secret@127.0.0.1:1/shop');
    expect(code).toBe(1);
    const migrations = report.checks.find((c) => c.id === 'migrations');
    expect(migrations).toMatchObject({
      title: 'migrations (postgres://shop:***@127.0.0.1:1/shop)',
      problems: [expect.stringMatching(/^cannot connect to the database postgres:\/\/shop:\*\*\*@127\.0\.0\.1:1\/shop: connect ECONNREFUSED .*; is PostgreSQL running there\?/)],
    });
    expect(report.checks.find((c) => c.id === 'invariants')?.notes).toEqual(['skipped: the database cannot be reached']);
    expect(JSON.stringify(report)).not.toContain('secret');
  });

  it.skipIf(!testPostgresUrl())('on PostgreSQL, reports a site file that disagrees with the config the nodes share, and how to settle it', async () => {
    const database = testDatabase(copy.root);
    const shared = () => doctor('--database-url', database.url as string).then(({ code, report }) => ({ code, check: report.checks.find((c) => c.id === 'shared-site') }));
    try {
      expect((await copy.storefrontInProcess('db', 'migrate', '--database-url', database.url as string)).code).toBe(0);
      expect(await shared()).toMatchObject({ code: 0, check: { problems: [], notes: ['the database holds no config for site `default` yet: the first node to start imports config/sites/default.json'] } });

      const file = copy.read('config/sites/default.json');
      const db = database.open();
      try {
        // The same JSON written another way agrees.
        await storeSite(db, 'default', JSON.stringify(JSON.parse(file)), 0);
        expect(await shared()).toMatchObject({ code: 0, check: { problems: [], notes: ["the file matches the database's (version 1)"] } });

        const stored = JSON.parse(file);
        stored.plugins.lottery.enabled = false;
        stored.plugins.goods.settings = { pageSize: 3 };
        stored.site.siteName = 'Elsewhere';
        await storeSite(db, 'default', JSON.stringify(stored, null, 2), 0);
      } finally {
        await db.destroy();
      }
      const { code, check } = await shared();
      expect(code).toBe(1);
      expect(check?.problems).toEqual([
        'config/sites/default.json disagrees with the config the nodes run (version 2 in the database): `lottery` is enabled in the file and not in the database; ' +
          'settings differ: `goods.pageSize`; other fields differ: `site.siteName`. ' +
          "Run `storefront site export` to take the database's, or `storefront site import` to store the file's",
        "the database's config: site `default` sets `goods.pageSize`, which plugin `goods` does not know",
      ]);
    } finally {
      await database.drop();
    }
  });

  it('reports a port that is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      expect(problemsOf((await doctor()).report, 'port')).toEqual([
        `port ${port} on 127.0.0.1 is in use (a running storefront?); choose another with --port or PORT`,
      ]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
