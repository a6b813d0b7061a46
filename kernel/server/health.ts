/**
 * Health for load balancers and orchestrators, outside `/api` and unsigned:
 *
 *   GET /healthz → 200 {status:'ok'} while the process answers at all (liveness);
 *   GET /readyz  → 200 {status:'ok'} when the database answers and has every migration this node
 *                  knows applied; 503 {status:'closing'} once a shutdown began,
 *                  {status:'unavailable'} when the database does not answer in time,
 *                  {status:'migrating', pending} while migrations are missing.
 */
import type { FastifyInstance } from 'fastify';
import { migrationSources } from './migrate';
import type { Db, ServerPlugin } from './plugin';
import { within } from './time-limit';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** A database that has not answered by then is as good as down to a load balancer. */
const DATABASE_TIMEOUT_MS = 2000;

/** The apps whose shutdown began: a graceful stop marks its app before closing it. */
const closingApps = new WeakSet<FastifyInstance>();

/** From now on /readyz answers 503: the load balancer stops sending while requests in flight finish. */
export function markClosing(app: FastifyInstance): void {
  closingApps.add(app);
}

export function installHealth(app: FastifyInstance, db: Db, plugins: readonly ServerPlugin[]): void {
  const expected = migrationSources(plugins).flatMap((s) => s.migrations.map((m) => m.name));
  // Fastify answers 503 itself to requests that reach its router once its close runs; an
  // `app.close()` not begun by markClosing gets there through preClose.
  app.addHook('preClose', async () => markClosing(app));
  // A request in flight when the shutdown began ends its connection with its reply: the close
  // then waits for the work, not for an idle keep-alive connection's timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (closingApps.has(app)) reply.header('connection', 'close');
  });

  app.get(HEALTH_PATH, async () => ({ status: 'ok' }));
  app.get(READY_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (closingApps.has(app)) return reply.status(503).send({ status: 'closing' });
    let applied: Set<string>;
    try {
      const rows = await within(db.selectFrom('kernel_migration').select('name').execute(), DATABASE_TIMEOUT_MS);
      applied = new Set(rows.map((r) => r.name));
    } catch (error) {
      request.log.warn(`readyz: the database does not answer: ${(error as Error).message}`);
      return reply.status(503).send({ status: 'unavailable' });
    }
    const pending = expected.filter((name) => !applied.has(name));
    if (pending.length > 0) return reply.status(503).send({ status: 'migrating', pending });
    return { status: 'ok' };
  });
}
