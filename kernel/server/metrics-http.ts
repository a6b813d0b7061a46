/**
 * Counts every answered request into the app's metrics (./metrics.ts) and publishes them:
 *
 * - `token` (METRICS_TOKEN): `GET /metrics` on the app's port, for `Authorization: Bearer <token>`
 *   only (401 otherwise), so the shop's public port does not tell anyone its traffic;
 * - `port` (METRICS_PORT): a listener of its own on 127.0.0.1 (an admin port that only the host or
 *   its sidecar reaches), no token needed;
 * - neither: nothing is published and `/metrics` answers 404 like any unknown path.
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { UNMATCHED_ROUTE, type Metrics } from './metrics';

export interface MetricsOptions {
  /** Publish `/metrics` on the app's port to requests bearing this token. */
  token?: string;
  /** Publish `/metrics` on this port of 127.0.0.1 (0: any free port, read it from `adminPort`). */
  port?: number;
}

export const METRICS_PATH = '/metrics';

/** Whether metrics are published at all (process metrics are only worth collecting then). */
export const publishesMetrics = (options: MetricsOptions | undefined): boolean => Boolean(options?.token) || options?.port !== undefined;

/** Records each request, and serves `/metrics` as `options` say; resolves once the admin port (if any) listens. */
export async function installMetrics(app: FastifyInstance, metrics: Metrics, options: MetricsOptions = {}): Promise<{ adminPort: number | null }> {
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (options.token) {
    const expected = Buffer.from(`Bearer ${options.token}`);
    app.get(METRICS_PATH, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('metrics need the header Authorization: Bearer <METRICS_TOKEN>\n');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.text());
    });
  }
  if (options.port === undefined) return { adminPort: null };
  const admin = await listenAdmin(metrics, options.port);
  app.addHook('onClose', async () => {
    const closed = new Promise<void>((resolve) => admin.close(() => resolve()));
    // A scrape still in flight would hold the shutdown (idle keep-alive connections close with the server).
    admin.closeAllConnections();
    await closed;
  });
  const address = admin.address();
  return { adminPort: typeof address === 'object' && address ? address.port : options.port };
}

function listenAdmin(metrics: Metrics, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`only GET ${METRICS_PATH} is served here\n`);
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`collecting the metrics failed: ${error.message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`the metrics port ${port} on 127.0.0.1 cannot be opened (${error.code ?? error.message}): choose another with METRICS_PORT`)),
    );
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
