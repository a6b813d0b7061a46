import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bellPlugin, earPlugin } from './events-fixtures';
import { backoffSeconds, defineEvent, MAX_ATTEMPTS, subscribe, subscribersOf } from './events';
import { fakeProject, type FakeProject } from './fake-project';
import { testPostgresUrl } from './test-database';
import { createTestServer, type TestServer } from './testing';

let project: FakeProject;
let t: TestServer;
afterEach(async () => {
  await t?.close();
  project?.remove();
});

const open = async () => {
  project = fakeProject({ bell: bellPlugin, ear: earPlugin });
  t = await createTestServer({ root: project.root, now: new Date('2026-03-01T00:00:00Z') });
  return t;
};

const ring = async (server: TestServer, note: string, refuse = false) => {
  const reply = await server.call<{ id: number; event: number }>('/api/bell/ring', { note, refuse });
  return reply.body;
};

const heard = async (server: TestServer) =>
  (await sql<{ event_id: number; note: string }>`select event_id, note from ear_heard order by id`.execute(server.db)).rows.map((r) => ({ ...r, event_id: Number(r.event_id) }));

const delivery = async (server: TestServer, eventId: number) =>
  server.db.selectFrom('kernel_event_delivery').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();

const setFailing = (server: TestServer, failing: boolean) => sql`update ear_switch set failing = ${failing ? 1 : 0}`.execute(server.db);

/** Polls an async condition (a database read) until it holds; fails naming `what` after `ms`. */
async function until(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('event rules', () => {
  it('waits 1 s, 2 s, 4 s … after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 12, 13, 40].map(backoffSeconds)).toEqual([1, 2, 4, 8, 2048, 3600, 3600]);
  });

  it('refuses two subscribers of one plugin with the same name, naming the plugin', () => {
    const rung = defineEvent<{ note: string }>('bell.rung');
    const ear = { id: 'ear', version: '1.0.0', subscribers: [subscribe(rung, 'listen', () => {}), subscribe(rung, 'listen', () => {})] };
    expect(() => subscribersOf([ear])).toThrow('plugin `ear` declares the subscriber `listen` twice');
    expect(subscribersOf([{ ...ear, subscribers: ear.subscribers.slice(1) }]).map((e) => e.key)).toEqual(['ear/listen']);
  });
});

describe('durable events', () => {
  it('prunes events over 30 days old whose deliveries are all done, and keeps a failed one however old', async () => {
    await open();
    await setFailing(t, true);
    const failed = (await ring(t, 'failed')).data.event;
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await t.app.storefront.events.deliverDue();
      t.clock.advance(3600_000);
    }
    expect((await delivery(t, failed)).state).toBe('failed');
    await setFailing(t, false);
    const old = (await ring(t, 'old')).data.event;
    expect(await t.app.storefront.events.deliverDue()).toBe(1);
    t.clock.advance(2 * 86_400_000);
    const recent = (await ring(t, 'recent')).data.event;
    expect(await t.app.storefront.events.deliverDue()).toBe(1);

    t.clock.advance(29 * 86_400_000);
    expect(await t.app.storefront.events.prune()).toBe(1);
    expect((await t.db.selectFrom('kernel_event').select('id').orderBy('id').execute()).map((e) => Number(e.id))).toEqual([failed, recent]);
    expect(await t.db.selectFrom('kernel_event_delivery').select('event_id').where('event_id', '=', old).execute()).toEqual([]);
    expect(await t.app.storefront.events.prune()).toBe(0);
  });

  it('delivers each committed event to its subscriber once, and nothing of a transaction that rolled back', async () => {
    await open();
    const first = await ring(t, 'ding');
    const refused = await ring(t, 'dong', true);
    expect(refused.code).toBe(0);
    expect(await t.app.storefront.events.deliverDue()).toBe(1);
    await t.runJobs();
    expect(await t.app.storefront.events.deliverDue()).toBe(0);
    expect(await heard(t)).toEqual([{ event_id: first.data.event, note: 'ding' }]);
    expect(await t.db.selectFrom('kernel_event').select('name').execute()).toEqual([{ name: 'bell.rung' }]);
    expect((await delivery(t, first.data.event)).state).toBe('done');
  });

  it('delivers promptly after the commit once the server runs its jobs, without a call to deliver', async () => {
    await open();
    t.app.storefront.jobs.start();
    await t.app.storefront.events.settled();
    const { data } = await ring(t, 'ding');
    // Sooner than the 2 s poll: the commit itself wakes the delivery.
    await until(async () => (await heard(t)).length === 1, 'the ear hears the bell before the next poll', 1500);
    expect((await heard(t))[0].event_id).toBe(data.event);
  });

  it('delivers an event committed before the server went down once, after the restart', async () => {
    await open();
    const { data } = await ring(t, 'ding');
    await t.restart();
    expect(await t.app.storefront.events.deliverDue()).toBe(1);
    expect(await t.app.storefront.events.deliverDue()).toBe(0);
    expect(await heard(t)).toEqual([{ event_id: data.event, note: 'ding' }]);
  });

  it('retries a throwing subscriber with backoff, keeps what emitted it, and delivers once it stops throwing', async () => {
    await open();
    await setFailing(t, true);
    const { data } = await ring(t, 'ding');
    await t.runJobs();
    // The ring stands: the subscriber's failure undid only its own transaction.
    expect((await sql<{ note: string }>`select note from bell_ring`.execute(t.db)).rows).toEqual([{ note: 'ding' }]);
    expect(await delivery(t, data.event)).toMatchObject({ state: 'pending', attempts: 1, last_error: 'the ear is deaf' });
    // Not before its backoff: 1 s after the first failure, 2 s after the second.
    await t.runJobs();
    expect((await delivery(t, data.event)).attempts).toBe(1);
    t.clock.advance(1000);
    await t.runJobs();
    expect((await delivery(t, data.event)).attempts).toBe(2);
    t.clock.advance(1000);
    await t.runJobs();
    expect((await delivery(t, data.event)).attempts).toBe(2);
    await setFailing(t, false);
    t.clock.advance(1000);
    await t.runJobs();
    expect(await delivery(t, data.event)).toMatchObject({ state: 'done', attempts: 3, last_error: '' });
    expect(await heard(t)).toHaveLength(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts as failed, until a retry delivers it`, async () => {
    await open();
    await setFailing(t, true);
    const { data } = await ring(t, 'ding');
    for (let i = 0; i < MAX_ATTEMPTS + 2; i += 1) {
      await t.runJobs();
      t.clock.advance(3600_000);
    }
    expect(await delivery(t, data.event)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(await t.app.storefront.events.retry(data.event)).toEqual([{ subscriber: 'ear/listen', outcome: 'failed', detail: 'the ear is deaf' }]);
    expect(await delivery(t, data.event)).toMatchObject({ state: 'pending', attempts: 1 });
    await setFailing(t, false);
    expect(await t.app.storefront.events.retry(data.event)).toEqual([{ subscriber: 'ear/listen', outcome: 'delivered', detail: '' }]);
    expect(await heard(t)).toHaveLength(1);
    expect(await t.app.storefront.events.retry(data.event)).toEqual([]);
  });

  it("keeps a disabled plugin's deliveries waiting, untried, and delivers them once it is enabled again", async () => {
    await open();
    await t.setPlugins({ ear: false });
    const { data } = await ring(t, 'ding');
    await t.runJobs();
    expect(await delivery(t, data.event)).toMatchObject({ state: 'pending', attempts: 0 });
    await t.setPlugins({ ear: true });
    await t.runJobs();
    expect(await heard(t)).toHaveLength(1);
  });
});

describe.skipIf(!testPostgresUrl())('durable events on two API nodes', () => {
  it('delivers each event once although both nodes deliver at the same time', async () => {
    await open();
    const b = await t.anotherNode();
    const rings = await Promise.all(Array.from({ length: 30 }, (_, i) => ring(i % 2 ? b : t, `n${i}`)));
    expect(rings.every((r) => r.code === 1)).toBe(true);
    // Node a's turn holds the delivery lock; node b's retries of the same events race it row by row.
    await Promise.all([
      t.app.storefront.events.deliverDue(),
      b.runJobs(),
      ...rings.map((r) => b.app.storefront.events.retry(r.data.event)),
    ]);
    await Promise.all([t.app.storefront.events.deliverDue(), b.app.storefront.events.deliverDue()]);
    const events = (await heard(t)).map((h) => h.event_id).sort((x, y) => x - y);
    expect(events).toEqual(rings.map((r) => r.data.event).sort((x, y) => x - y));
  });

  it('wakes the other node at the commit: an event emitted on one is delivered by the running other', async () => {
    await open();
    const b = await t.anotherNode();
    b.app.storefront.jobs.start();
    await b.app.storefront.events.settled();
    const { data } = await ring(t, 'ding');
    await until(async () => (await heard(t)).length === 1, 'node b delivers what node a emitted, before its next poll', 1500);
    expect((await heard(t))[0].event_id).toBe(data.event);
  });
});
