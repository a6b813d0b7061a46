import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@kernel/server/app';
import { TestClock } from '@kernel/server/clock';
import { MAX_ATTEMPTS } from '@kernel/server/events';
import { bellPlugin, earPlugin } from '@kernel/server/events-fixtures';
import { fakeProject, type FakeProject } from '@kernel/server/fake-project';
import { testDatabase, type TestDatabase } from '@kernel/server/test-database';
import { TEST_APP } from '@kernel/server/testing';
import { runInProcess } from '../../tests/cli/in-process';

let project: FakeProject;
let database: TestDatabase;
let dataDir: string;
const clock = new TestClock(Date.parse('2026-03-01T00:00:00Z'));

const openSite = () => createApp({ root: project.root, site: 'default', dataDir, databaseUrl: database.url, clock });
const storefront = (...args: string[]) =>
  runInProcess([...args, '--data-dir', dataDir, ...(database.url ? ['--database-url', database.url] : [])], { root: project.root });

beforeAll(() => {
  project = fakeProject({ bell: bellPlugin, ear: earPlugin });
  project.write('config/sites/default.json', JSON.stringify({ site: { siteName: 'Bells' }, app: TEST_APP, plugins: { bell: { enabled: true }, ear: { enabled: true } } }));
  dataDir = path.join(project.root, 'data');
  database = testDatabase(dataDir);
});
afterAll(async () => {
  await database?.drop();
  project?.remove();
});

interface Listed {
  eventId: number;
  name: string;
  subscriber: string;
  state: string;
  attempts: number;
  lastError: string;
}

describe('storefront events', () => {
  let eventId: number;

  it('lists a delivery that failed every attempt, and doctor reports it', async () => {
    const app = await openSite();
    try {
      const { db, services, events } = app.storefront;
      await sql`update ear_switch set failing = 1`.execute(db);
      eventId = await db.transaction().execute((tx) => services.events.emit(tx, { id: 'bell.rung' }, { ringId: 1, note: 'ding' }));
      for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
        await events.deliverDue();
        clock.advance(3600_000);
      }
    } finally {
      await app.close();
    }
    const listed = await storefront('events', '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ eventId, name: 'bell.rung', subscriber: 'ear/listen', state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'the ear is deaf' }] satisfies Partial<Listed>[]);
    const table = await storefront('events', '--failed');
    expect(table.stdout).toContain('the ear is deaf');
    expect(table.stdout).toContain(`storefront events retry <event-id>`);

    const doctor = await storefront('doctor', '--json', '--port', '1');
    const check = (JSON.parse(doctor.stdout) as { checks: { id: string; problems: string[] }[] }).checks.find((c) => c.id === 'events');
    expect(check?.problems).toEqual([`event ${eventId} \`bell.rung\` → \`ear/listen\` failed after ${MAX_ATTEMPTS} attempts: the ear is deaf (\`storefront events retry ${eventId}\`)`]);
    expect(doctor.code).toBe(1);
  });

  it('retries it: a failure again says so, and once the subscriber works it is delivered and gone from the list', async () => {
    const again = await storefront('events', 'retry', String(eventId));
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('the ear is deaf');

    const app = await openSite();
    await sql`update ear_switch set failing = 0`.execute(app.storefront.db).finally(() => app.close());
    const retried = await storefront('events', 'retry', String(eventId), '--json');
    expect([retried.code, JSON.parse(retried.stdout)]).toEqual([0, [{ subscriber: 'ear/listen', outcome: 'delivered', detail: '' }]]);
    expect(JSON.parse((await storefront('events', '--json')).stdout)).toEqual([]);

    const none = await storefront('events', 'retry', String(eventId));
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`event ${eventId} has no undelivered delivery`);
    const doctor = await storefront('doctor', '--json', '--port', '1');
    expect((JSON.parse(doctor.stdout) as { checks: { id: string; problems: string[] }[] }).checks.find((c) => c.id === 'events')?.problems).toEqual([]);
  });
});
