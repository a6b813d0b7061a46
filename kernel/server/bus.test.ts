/**
 * The bus between API nodes: local (one node, or several in one process for tests) and over
 * PostgreSQL's LISTEN/NOTIFY (with STOREFRONT_TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBus, localNetwork, topic, type Bus, type BusLog, type Topic } from './bus';
import { busChannel, createPostgresBus, NOTIFY_MAX_BYTES } from './bus-postgres';
import { postgresOf } from './dialect';
import type { Db } from './plugin';
import { testDatabase, testPostgresUrl, type TestDatabase } from './test-database';
import { eventually } from './test-wait';

const CHAT = topic<{ text: string; n?: number }>('test.chat');
const OTHER = topic<{ text: string }>('test.other');

function recordingLog() {
  const lines: string[] = [];
  const log: BusLog = { info: (m) => lines.push(`info: ${m}`), error: (m) => lines.push(`error: ${m}`) };
  return { lines, log };
}

function listen<T extends { text: string }>(bus: Bus, subject: Topic<T> = CHAT as Topic<T>) {
  const heard: { payload: T; from: string }[] = [];
  const stop = bus.subscribe(subject, (payload, from) => heard.push({ payload, from }));
  return { heard, stop };
}

describe('the local bus', () => {
  it('delivers to this node’s subscribers before publish returns, naming this node', () => {
    const bus = createLocalBus();
    const { heard } = listen(bus);
    bus.publish(CHAT, { text: 'hi' });
    expect(heard).toEqual([{ payload: { text: 'hi' }, from: bus.node }]);
  });

  it('keeps topics apart and stops delivering to an unsubscribed handler', () => {
    const bus = createLocalBus();
    const chat = listen(bus);
    const other = listen(bus, OTHER);
    bus.publish(OTHER, { text: 'elsewhere' });
    chat.stop();
    bus.publish(CHAT, { text: 'nobody' });
    expect(chat.heard).toEqual([]);
    expect(other.heard.map((h) => h.payload.text)).toEqual(['elsewhere']);
  });

  it('logs a throwing handler, naming the topic, and still delivers to the others', () => {
    const { lines, log } = recordingLog();
    const bus = createLocalBus(log);
    bus.subscribe(CHAT, () => {
      throw new Error('kaboom');
    });
    const { heard } = listen(bus);
    expect(() => bus.publish(CHAT, { text: 'still' })).not.toThrow();
    expect(heard).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: bus: a handler of "test\.chat" \(from node .+\) failed: Error: kaboom/);
  });
});

describe('buses of one local network (several nodes in one process)', () => {
  it('delivers to the other nodes later, in order, as copies, naming the sender', async () => {
    const network = localNetwork();
    const [a, b] = [network.join('a'), network.join('b')];
    const atB = listen(b);
    const sent = { text: 'one' };
    a.publish(CHAT, sent);
    a.publish(CHAT, { text: 'two' });
    expect(atB.heard).toEqual([]);
    await a.flush();
    expect(atB.heard).toEqual([
      { payload: { text: 'one' }, from: 'a' },
      { payload: { text: 'two' }, from: 'a' },
    ]);
    expect(atB.heard[0].payload).not.toBe(sent);
  });

  it('tells when nothing is on its way any more, answers to what arrived included', async () => {
    const network = localNetwork();
    const [a, b] = [network.join('a'), network.join('b')];
    const atA = listen(a, OTHER);
    b.subscribe(CHAT, (payload, from) => {
      if (from === 'a') b.publish(OTHER, { text: `re: ${payload.text}` });
    });
    a.publish(CHAT, { text: 'ping' });
    await network.delivered();
    expect(atA.heard).toEqual([{ payload: { text: 're: ping' }, from: 'b' }]);
    await expect(network.delivered()).resolves.toBeUndefined();
  });

  it('stops delivering to and from a node that closed', async () => {
    const network = localNetwork();
    const [a, b] = [network.join('a'), network.join('b')];
    const [atA, atB] = [listen(a), listen(b)];
    await b.close();
    a.publish(CHAT, { text: 'to b' });
    b.publish(CHAT, { text: 'from b' });
    await network.delivered();
    expect(atB.heard.map((h) => h.payload.text)).toEqual(['from b']);
    expect(atA.heard.map((h) => h.payload.text)).toEqual(['to b']);
  });
});

describe('the channel of a site', () => {
  it('names the schema and the site, and stays within PostgreSQL’s 63-byte identifiers', () => {
    expect(busChannel('t_1', 'default')).toBe('storefront.t_1.default');
    expect(busChannel(null, 'default')).toBe('storefront.public.default');
    const long = busChannel('s'.repeat(60), 'default');
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
    expect(long).not.toBe(busChannel('s'.repeat(61), 'default'));
  });
});

describe.skipIf(!testPostgresUrl())('the PostgreSQL bus (LISTEN/NOTIFY)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bus-'));
  const databases: TestDatabase[] = [];
  const open: { db: Db; buses: Bus[] }[] = [];
  let database: TestDatabase;

  /** A node: its own pool and bus on the database, as `createApp` opens them. */
  async function node(on: TestDatabase = database, site = 'test', log: BusLog = recordingLog().log, retry?: { firstMs: number; maxMs: number }) {
    const db = on.open();
    const bus = await createPostgresBus({ db, target: postgresOf(db)!, site, log, retry });
    open.push({ db, buses: [bus] });
    return bus;
  }

  const PROBE = topic<{ text: string }>('test.probe');

  /**
   * Waits until `buses` hear a probe that a new node on their channel publishes now. PostgreSQL
   * delivers notifications in the order their transactions committed, so whatever was flushed
   * before has reached these listeners by then (and was handled, or dropped as their own).
   */
  async function caughtUp(buses: Bus[], on: TestDatabase = database, site = 'test') {
    const probe = await node(on, site);
    const heard = buses.map((bus) => listen(bus, PROBE));
    probe.publish(PROBE, { text: 'probe' });
    await eventually(() => heard.every((h) => h.heard.length > 0), 'the probe arrives');
    for (const h of heard) h.stop();
  }

  beforeAll(() => {
    database = testDatabase(dir);
    databases.push(database);
  });
  afterEach(async () => {
    for (const { db, buses } of open.splice(0)) {
      for (const bus of buses) await bus.close();
      await db.destroy();
    }
  });
  afterAll(async () => {
    for (const d of databases) await d.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('delivers a message to this node at once and to another node soon after, once each', async () => {
    const [a, b] = [await node(), await node()];
    const [atA, atB] = [listen(a), listen(b)];
    a.publish(CHAT, { text: '你好' });
    expect(atA.heard).toEqual([{ payload: { text: '你好' }, from: a.node }]);
    await a.flush();
    await caughtUp([a, b]);
    expect(atB.heard).toEqual([{ payload: { text: '你好' }, from: a.node }]);
    // Its own notification came back to a's listening connection and was dropped.
    expect(atA.heard).toHaveLength(1);
  });

  it('keeps a node’s messages in order, identical ones included', async () => {
    const [a, b] = [await node(), await node()];
    const atB = listen(b);
    for (let n = 0; n < 300; n++) a.publish(CHAT, { text: n % 3 === 0 ? 'same' : `m${n}` });
    await a.flush();
    await eventually(() => atB.heard.length === 300, 'all 300 arrive');
    expect(atB.heard.map((h) => h.payload.text)).toEqual(Array.from({ length: 300 }, (_, n) => (n % 3 === 0 ? 'same' : `m${n}`)));
  });

  it('is not heard by another site or another schema on the same database', async () => {
    const elsewhere = testDatabase(dir);
    databases.push(elsewhere);
    const [a, otherSite, otherSchema] = [await node(), await node(database, 'other'), await node(elsewhere)];
    const heard = [listen(otherSite), listen(otherSchema)];
    a.publish(CHAT, { text: 'private' });
    await a.flush();
    await caughtUp([otherSite], database, 'other');
    await caughtUp([otherSchema], elsewhere);
    expect(heard.map((h) => h.heard)).toEqual([[], []]);
  });

  it('refuses a payload over NOTIFY’s limit with a logged error, delivering it on this node only', async () => {
    const { lines, log } = recordingLog();
    const [a, b] = [await node(database, 'test', log), await node()];
    const [atA, atB] = [listen(a), listen(b)];
    a.publish(CHAT, { text: '长'.repeat(3000) });
    a.publish(CHAT, { text: 'small' });
    await a.flush();
    await eventually(() => atB.heard.length > 0, 'the small message arrives');
    expect(atB.heard.map((h) => h.payload.text)).toEqual(['small']);
    expect(atA.heard).toHaveLength(2);
    expect(lines).toContainEqual(expect.stringMatching(/^error: bus: a "test\.chat" message of 90\d\d bytes is over PostgreSQL's NOTIFY limit \(8000 bytes\); it was delivered on this node only/));
    expect(NOTIFY_MAX_BYTES).toBe(8000);
  });

  it('listens again after its connection is killed, logging the gap, and hears the other nodes again', async () => {
    const { lines, log } = recordingLog();
    const a = await node();
    const b = await node(database, 'test', log, { firstMs: 20, maxMs: 200 });
    const atB = listen(b);
    let resumed = 0;
    b.onResume(() => (resumed += 1));

    const db = open[0].db;
    const { rows } = await sql<{ killed: boolean }>`select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = ${`storefront bus ${b.node}`.slice(0, 63)}`.execute(db);
    expect(rows.map((r) => r.killed)).toEqual([true]);
    await eventually(() => resumed === 1, 'b listens again');
    expect(lines.find((l) => l.startsWith('error:'))).toMatch(/^error: bus: the connection listening on "storefront\.t_.+\.test" dropped \(.+\); opening it again\. What other nodes send until then is lost to this node\.$/);
    expect(lines).toContainEqual(expect.stringMatching(/^info: bus: listening on ".+" again after \d+ ms$/));

    a.publish(CHAT, { text: 'after the gap' });
    await eventually(() => atB.heard.length > 0, 'b hears a again');
    expect(atB.heard[0].payload.text).toBe('after the gap');
  });

  it('reaches only this node once closed', async () => {
    const [a, b] = [await node(), await node()];
    const [atA, atB] = [listen(a), listen(b)];
    await a.close();
    a.publish(CHAT, { text: 'closed' });
    await a.flush();
    await caughtUp([b]);
    expect(atA.heard).toHaveLength(1);
    expect(atB.heard).toEqual([]);
  });
});
