/**
 * A real `storefront start` killed (SIGKILL) in the middle of delivering an event: its handler
 * had written, but the transaction that also marks the delivery done never committed. The next
 * server on the same database delivers the event once.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../../tests/cli/project-copy';
import { watchOutput } from '../../tests/bench/processes';
import { createApp } from './app';
import { bellPlugin, earPlugin } from './events-fixtures';
import { descriptorSource, type FakePlugin } from './fake-project';
import { signHeaders } from './pipeline/signature';
import { within } from './test-wait';
import { testDatabase, type TestDatabase } from './test-database';

let copy: ProjectCopy;
let database: TestDatabase;
let dataDir: string;

const install = (id: string, plugin: FakePlugin) => {
  copy.write(`plugins/${id}/plugin.ts`, descriptorSource(plugin.descriptor));
  copy.write(`plugins/${id}/server.ts`, plugin.server ?? '');
  if (plugin.i18n) {
    copy.write(`plugins/${id}/i18n/en.json`, JSON.stringify(plugin.i18n.en));
    copy.write(`plugins/${id}/i18n/zh-Hans.json`, JSON.stringify(plugin.i18n['zh-Hans']));
  }
};

beforeAll(() => {
  copy = copyProject();
  install('bell', bellPlugin);
  install('ear', earPlugin);
  const site = JSON.parse(copy.read('config/sites/default.json')) as { plugins: Record<string, { enabled: boolean }> };
  site.plugins.bell = { enabled: true };
  site.plugins.ear = { enabled: true };
  copy.write('config/sites/default.json', JSON.stringify(site, null, 2));
  dataDir = path.join(copy.root, 'data');
  database = testDatabase(dataDir);
});
afterAll(async () => {
  await database?.drop();
  copy?.remove();
});

describe('an event whose delivery a crash cut short', () => {
  it('is delivered once by the next server on the same database', async () => {
    const args = ['start', '--port', '0', '--data-dir', dataDir, ...(database.url ? ['--database-url', database.url] : [])];
    const child = spawn(process.execPath, [path.join(copy.root, 'cli', 'bin.js'), ...args], {
      cwd: copy.root,
      env: { ...process.env, NO_COLOR: '1', STOREFRONT_TEST_EAR_HANG: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = watchOutput(child, 'the server');
    try {
      const [, url] = await output.until((text) => /is running at (http:\/\/\S+?)\/?\s/.exec(text), 'it started', 60_000);
      const app = (JSON.parse(copy.read('config/sites/default.json')) as { app: { key: string; secret: string } }).app;
      const response = await fetch(`${url}/api/bell/ring`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signHeaders(app, Date.now()) },
        body: JSON.stringify({ note: 'ding' }),
        // A reply that never comes fails here, naming the wait, not at the test's own timeout.
        signal: AbortSignal.timeout(30_000),
      });
      const ring = (await response.json()) as { code: number; data: { event: number } };
      expect(ring.code).toBe(1);
      // The commit woke the delivery: the handler has written and waits, its transaction open.
      await output.until((text) => text.includes(`event ${ring.data.event} bell.rung → ear/listen: listening`), 'the ear is listening', 30_000);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }

    // Each wait bounded, so a hang names where it hung (CI's PostgreSQL stage once ran into the test's own timeout).
    const next = await within(createApp({ root: copy.root, site: 'default', dataDir, databaseUrl: database.url }), 30_000, 'the next server to start');
    try {
      const { db, events } = next.storefront;
      expect((await sql<{ n: number }>`select count(*) as n from ear_heard`.execute(db)).rows.map((r) => Number(r.n))).toEqual([0]);
      expect(await within(events.deliverDue(), 30_000, 'the next server to deliver the event')).toBe(1);
      expect(await events.deliverDue()).toBe(0);
      expect((await sql<{ note: string }>`select note from ear_heard`.execute(db)).rows).toEqual([{ note: 'ding' }]);
    } finally {
      await next.close();
    }
  }, 120_000);
});
