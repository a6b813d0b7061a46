import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopLockName } from './dialect';
import { fakeProject, type FakePlugin, type FakeProject } from './fake-project';
import { createTestServer, type TestServer } from './testing';
import { testPostgresUrl } from './test-database';

// A plugin with a job that "expires" rows whose deadline passed, with a conditional update, and
// an extension point another plugin contributes to.
const timerPlugin: FakePlugin = {
  descriptor: { id: 'timer', version: '1.0.0', offers: ['timer.labels'] },
  server: `
import { createExtensionPoint } from '@kernel/core/extension';
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { withId } from '@kernel/server/migrations/columns';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
import type { Generated } from 'kysely';

declare module '@kernel/server/database' {
  interface Database { timer_item: { id: Generated<number>; due_at: number; expired: number } }
}
const timerLabels = createExtensionPoint<string>('timer.labels');

const labels = defineCall({ path: '/api/timer/labels', payload: z.object({}), reply: shape<string[]>(), summary: 'Labels' });

export default defineServerPlugin(descriptor, {
  migrations: [{ name: 'timer_001_init', up: async (db) => {
    await withId(db, db.schema.createTable('timer_item'))
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('expired', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  } }],
  routes(api) {
    api.handle(labels, (_p, ctx) => ctx.extensions(timerLabels));
  },
  jobs: [{
    id: 'expire',
    everySeconds: 60,
    async run(ctx) {
      const now = Math.floor(ctx.services.clock.now() / 1000);
      const result = await ctx.db.updateTable('timer_item').set({ expired: 1 }).where('expired', '=', 0).where('due_at', '<=', now).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  }],
});
`,
};
const labelPlugin: FakePlugin = {
  descriptor: { id: 'label', version: '1.0.0', requires: ['timer'], fills: ['timer.labels'] },
  server: `
import { contribute, createExtensionPoint } from '@kernel/core/extension';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
// The point as the timer plugin offers it (a real plugin imports it from the offerer's public.ts).
const timerLabels = createExtensionPoint<string>('timer.labels');
export default defineServerPlugin(descriptor, { contributes: contribute(timerLabels, 'from label') });
`,
};

let project: FakeProject;
let t: TestServer;
afterEach(async () => {
  await t?.close();
  project?.remove();
});

describe('background jobs and server extension points', () => {
  it('runs a job over what fell due, once, also after a restart, and only while its plugin is enabled', async () => {
    project = fakeProject({ timer: timerPlugin, label: labelPlugin });
    t = await createTestServer({ root: project.root, now: new Date('2026-01-01T00:00:00Z') });
    const now = Math.floor(t.clock.now() / 1000);
    await sql`insert into timer_item (due_at) values (${now + 60}), (${now + 600})`.execute(t.db);
    expect(await t.runJobs()).toEqual([{ plugin: 'timer', job: 'expire', handled: 0 }]);

    t.clock.advance(120_000);
    expect((await t.runJobs())[0].handled).toBe(1);
    expect((await t.runJobs())[0].handled).toBe(0);

    await t.restart();
    t.clock.advance(600_000);
    await t.setPlugins({ timer: false, label: false });
    expect((await t.runJobs())[0].handled).toBe(0);
    await t.setPlugins({ timer: true });
    expect((await t.runJobs())[0].handled).toBe(1);
    expect((await sql<{ expired: number }>`select expired from timer_item order by id`.execute(t.db)).rows).toEqual([{ expired: 1 }, { expired: 1 }]);
  });

  it('says how each turn went: what it handled, or at debug level that it found nothing due and when it began', async () => {
    project = fakeProject({ timer: timerPlugin, label: labelPlugin });
    t = await createTestServer({ root: project.root, now: new Date('2026-01-01T00:00:00Z') });
    const debug = vi.spyOn(t.app.log, 'debug');
    const info = vi.spyOn(t.app.log, 'info');
    await t.runJobs();
    expect(debug).toHaveBeenCalledWith('job timer/expire: nothing due (turn began 2026-01-01T00:00:00.000Z)');
    await sql`insert into timer_item (due_at) values (${Math.floor(t.clock.now() / 1000)})`.execute(t.db);
    t.clock.advance(1000);
    await t.runJobs();
    expect(info).toHaveBeenCalledWith('job timer/expire: handled 1');
    // The turn that handled something says so once, at info level.
    expect(debug.mock.calls.filter(([line]) => String(line).startsWith('job '))).toHaveLength(1);
  });

  it("gives a call the enabled plugins' contributions to an extension point", async () => {
    project = fakeProject({ timer: timerPlugin, label: labelPlugin });
    t = await createTestServer({ root: project.root });
    expect((await t.call('/api/timer/labels')).body.data).toEqual(['from label']);
    await t.setPlugins({ label: false });
    expect((await t.call('/api/timer/labels')).body.data).toEqual([]);
  });

  it.skipIf(!testPostgresUrl())('takes turns with its own shop only: a shop in another schema of the same database runs its jobs meanwhile', async () => {
    project = fakeProject({ timer: timerPlugin, label: labelPlugin });
    t = await createTestServer({ root: project.root, now: new Date('2026-01-01T00:00:00Z') });
    const other = await createTestServer({ root: project.root, now: new Date('2026-01-01T00:00:00Z') });
    try {
      for (const shop of [t, other]) await sql`insert into timer_item (due_at) values (${Math.floor(shop.clock.now() / 1000)})`.execute(shop.db);
      // One of this shop's nodes is running the job: its lock is held.
      await t.db.connection().execute(async (conn) => {
        const lock = shopLockName(t.db, 'test', 'job:timer/expire');
        await sql`select pg_advisory_lock(hashtext(${lock}))`.execute(conn);
        try {
          expect(await t.runJobs()).toEqual([{ plugin: 'timer', job: 'expire', handled: 0 }]);
          expect(await other.runJobs()).toEqual([{ plugin: 'timer', job: 'expire', handled: 1 }]);
        } finally {
          await sql`select pg_advisory_unlock(hashtext(${lock}))`.execute(conn);
        }
      });
      expect(await t.runJobs()).toEqual([{ plugin: 'timer', job: 'expire', handled: 1 }]);
    } finally {
      await other.close();
    }
  });
});
