/**
 * The browser suite's server: `storefront start --demo` on the suite's data directory, with a clock the
 * tests move, as the server tests' harness does (an order's after-sales window, the commission's
 * freeze). A control port beside the app's (E2E_PORT + 1, loopback only) takes
 * `POST /advance?days=N`: the clock moves on and every background job runs once, the reply listing
 * what each handled. Run by tests/e2e/playwright.config.ts; nothing else starts it.
 */
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Clock } from '../../kernel/server/clock';
import { createLogger } from '../../kernel/server/logger';
import { startServer } from '../../kernel/server/server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4317);
const DAY_MS = 86_400_000;

/** The system's time plus however far the tests moved it. */
let offset = 0;
const clock: Clock = {
  now: () => Date.now() + offset,
  nowSeconds: () => Math.floor((Date.now() + offset) / 1000),
};

// Warnings and errors only: a line per request would bury them in the suite's output.
const logger = createLogger({ level: 'warn' });
const running = await startServer({ root, dataDir: process.env.E2E_DATA_DIR, port, host: '127.0.0.1', clock, demo: true, logger });

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const days = Number(url.searchParams.get('days'));
    if (request.method !== 'POST' || url.pathname !== '/advance' || !Number.isFinite(days) || days < 0) {
      response.writeHead(404).end();
      return;
    }
    offset += days * DAY_MS;
    running.app.storefront.jobs.runAll().then(
      (ran) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ran)),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  })
  .listen(port + 1, '127.0.0.1');
