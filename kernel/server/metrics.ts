/**
 * What `GET /metrics` reports (Prometheus text, prom-client), one registry per app so several
 * apps in one process (tests, a second node) never share a counter:
 *
 * - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}`:
 *   by Fastify's route pattern (`/api/goods/detail`, `/uploads/*`), never the raw URL, so an id
 *   in a path cannot grow the series without bound;
 * - `db_pool_total`, `db_pool_idle`, `db_pool_waiting`: PostgreSQL's pool. SQLite has one
 *   connection and no pool: `db_pool_total` is 1 and the other two are not reported;
 * - `sockets_open`: the hub's connections on this node (users' and visitors');
 * - `event_deliveries_pending`, `event_deliveries_failed`: the event outbox, read at each scrape;
 * - `job_runs_total{job,outcome}`: turns of the background jobs (handled, idle, skipped, failed);
 * - with `process: true` (a server that publishes them), prom-client's process metrics (CPU,
 *   memory, event loop lag: `process_*`, `nodejs_*`).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { postgresPools } from './db-postgres';
import { deliveryCounts } from './events-queries';
import type { Hub } from './hub/hub';
import type { JobOutcome } from './jobs';
import type { Db } from './plugin';

export interface MetricsSources {
  db: Db;
  hub: Pick<Hub, 'open'>;
}

export interface Metrics {
  registry: Registry;
  /** A request was answered: its method, route pattern (or `unmatched`), status and time. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A background job's turn ended. */
  jobTurn(job: string, outcome: JobOutcome): void;
  /** The text a scrape gets. */
  text(): Promise<string>;
}

/** The route label of a request that matched no route (a 404): one series, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics(sources: MetricsSources, options: { process?: boolean } = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'] as const, registers });
  const durations = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer a request, by method and route pattern.', labelNames: ['method', 'route'] as const, registers });
  const jobs = new Counter({ name: 'job_runs_total', help: 'Turns of the background jobs, by job (plugin/job) and outcome.', labelNames: ['job', 'outcome'] as const, registers });

  const pool = postgresPools.get(sources.db);
  const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(await read());
      },
    });
  gauge('db_pool_total', 'Database connections open (SQLite: its one connection).', () => pool?.totalCount ?? 1);
  if (pool) {
    gauge('db_pool_idle', 'Database connections open and idle.', () => pool.idleCount);
    gauge('db_pool_waiting', 'Queries waiting for a database connection.', () => pool.waitingCount);
  }
  gauge('sockets_open', 'WebSocket connections open on this node.', () => sources.hub.open());
  // One read of the outbox serves both gauges of a scrape (the registry collects them at once).
  let counts: Promise<{ pending: number; failed: number }> | null = null;
  const outbox = () =>
    (counts ??= deliveryCounts(sources.db).finally(() => {
      counts = null;
    }));
  gauge('event_deliveries_pending', 'Event deliveries waiting to be tried (again).', async () => (await outbox()).pending);
  gauge('event_deliveries_failed', 'Event deliveries that gave up (`storefront events retry` starts them over).', async () => (await outbox()).failed);
  if (options.process) collectDefaultMetrics({ register: registry });

  return {
    registry,
    request(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      durations.observe({ method, route }, seconds);
    },
    jobTurn: (job, outcome) => jobs.inc({ job, outcome }),
    text: () => registry.metrics(),
  };
}
