import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresOf } from './dialect';
import { fakeProject } from './fake-project';
import { createTestServer, eventually, within, type TestServer } from './testing';

const TOKEN = 'scrape-me-7f3a9c1e';

/** A plugin with a call and two jobs: one that handles something each turn, one that fails. */
const project = fakeProject({
  tick: {
    descriptor: { id: 'tick', version: '1.0.0' },
    server: `
import * as z from 'zod/mini';
import { defineCall, shape } from '@kernel/core/contract';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

const ping = defineCall({ path: '/api/tick/ping', payload: z.object({}), reply: shape<null>(), summary: 'Answers' });

export default defineServerPlugin(descriptor, {
  routes(api) {
    api.handle(ping, async () => null);
  },
  jobs: [
    { id: 'count', everySeconds: 60, run: async () => 1 },
    { id: 'broken', everySeconds: 60, run: async () => { throw new Error('no disk'); } },
  ],
});
`,
  },
});
afterAll(() => project.remove());

/** The value of one series in Prometheus text (`name{labels} value`), 0 when it is not there yet. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ root: project.root, metrics: { token: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return reply.body;
  };

  it('carries requests by route, the database pool, sockets, event deliveries, job runs and the process', async () => {
    const text = await scrape();
    for (const name of ['http_requests_total', 'http_request_duration_seconds', 'db_pool_total', 'sockets_open', 'event_deliveries_pending', 'event_deliveries_failed', 'job_runs_total', 'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    if (postgresOf(t.db)) {
      expect(text).toContain('# TYPE db_pool_idle gauge');
      expect(text).toContain('# TYPE db_pool_waiting gauge');
      expect(valueOf(text, 'db_pool_total')).toBeGreaterThan(0);
    } else {
      // SQLite: one connection, no pool to wait on.
      expect(valueOf(text, 'db_pool_total')).toBe(1);
      expect(text).not.toContain('db_pool_waiting');
    }
  });

  it('refuses a scrape without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const reply = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(reply.statusCode).toBe(401);
      expect(reply.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const ok = 'http_requests_total{method="POST",route="/api/tick/ping",status="200"}';
    const missing = 'http_requests_total{method="GET",route="unmatched",status="404"}';
    const before = await scrape();
    await t.call('/api/tick/ping', {});
    await t.call('/api/tick/ping', {});
    await t.app.inject({ method: 'GET', url: '/no/such/page/12345' });
    const after = await scrape();
    expect(valueOf(after, ok) - valueOf(before, ok)).toBe(2);
    expect(valueOf(after, missing) - valueOf(before, missing)).toBe(1);
    expect(valueOf(after, 'http_request_duration_seconds_count{method="POST",route="/api/tick/ping"}')).toBeGreaterThanOrEqual(2);
    expect(after).not.toContain('12345');
  });

  it('counts job turns by outcome', async () => {
    await t.runJobs();
    await t.runJobs();
    const text = await scrape();
    expect(valueOf(text, 'job_runs_total{job="tick/count",outcome="handled"}')).toBe(2);
    expect(valueOf(text, 'job_runs_total{job="tick/broken",outcome="failed"}')).toBe(2);
  });

  it('counts the open sockets', async () => {
    const ann = await t.createUser();
    const before = valueOf(await scrape(), 'sockets_open');
    const socket = await t.socket(ann);
    expect(valueOf(await scrape(), 'sockets_open')).toBe(before + 1);
    await socket.close();
    await eventually(() => t.app.storefront.hub.open() === before, 'the hub forgets the socket');
    expect(valueOf(await scrape(), 'sockets_open')).toBe(before);
  });

  it('reads the pending and failed event deliveries from the outbox', async () => {
    const { id } = await t.db.insertInto('kernel_event').values({ name: 'tick.ticked', payload: '{}', created_at: 1 }).returning('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('kernel_event_delivery')
      .values([
        { event_id: id, subscriber: 'a/one', state: 'pending', attempts: 0, next_at: 1, last_error: '' },
        { event_id: id, subscriber: 'a/two', state: 'pending', attempts: 3, next_at: 1, last_error: 'no disk' },
        { event_id: id, subscriber: 'a/three', state: 'failed', attempts: 10, next_at: 1, last_error: 'no disk' },
        { event_id: id, subscriber: 'a/four', state: 'done', attempts: 1, next_at: 1, last_error: '' },
      ])
      .execute();
    const text = await scrape();
    expect([valueOf(text, 'event_deliveries_pending'), valueOf(text, 'event_deliveries_failed')]).toEqual([2, 1]);
  });
});

describe('METRICS_PORT', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ root: project.root, metrics: { port: 0 } });
  });
  afterAll(() => t.close());

  it('serves /metrics on an admin port of 127.0.0.1 without a token, and not on the shop\'s port', async () => {
    const port = t.app.storefront.metricsPort;
    expect(port).toBeGreaterThan(0);
    const reply = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('# TYPE http_requests_total counter');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('stops listening when the app closes', async () => {
    const port = t.app.storefront.metricsPort;
    await within(t.close(), 5000, 'the app closes');
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  it('publishes nothing: /metrics is an unknown path', async () => {
    const t = await createTestServer({ root: project.root });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect(t.app.storefront.metricsPort).toBeNull();
      // Still counted, for whoever reads the registry in-process.
      expect(await t.app.storefront.metrics.text()).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    } finally {
      await t.close();
    }
  });
});
