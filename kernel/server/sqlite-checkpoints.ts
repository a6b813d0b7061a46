/**
 * SQLite's WAL checkpoints on a thread of their own. A commit in WAL mode appends its pages to the
 * `-wal` file; every thousand pages the connection that commits copies them back into the
 * database and syncs it to disk (synchronous = NORMAL syncs only there). That checkpoint ran on
 * the event loop, inside whichever request committed: a few milliseconds of fsync every hundred
 * orders or so, about 40 % of a commit's cost on average, and the slowest replies of a crowd.
 * A server's connection turns automatic checkpoints off and a worker thread, on a connection of
 * its own, runs a PASSIVE checkpoint every `EVERY_MS`: it never waits for, nor blocks, the
 * server's writes, and the `-wal` file is reused once everything in it has been copied.
 * Should the worker stop, the connection checkpoints by itself again.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

export const EVERY_MS = 200;
const AUTOMATIC_PAGES = 1000;

// A worker's own CommonJS: it loads the same better-sqlite3 the server does, by its resolved path.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const checkpoint = () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ checkpointed: result.checkpointed, log: result.log });
  } catch {
    // Busy: the next round will do.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface Checkpointer {
  /** Resolves after the worker's next checkpoint; tests wait on it. */
  next(): Promise<{ checkpointed: number; log: number }>;
  stop(): void;
}

/** Moves `sqlite`'s checkpoints (a database file in WAL mode) to a worker thread. */
export function checkpointInBackground(sqlite: SQLite.Database, file: string): Checkpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, everyMs: EVERY_MS } });
  // A server stopping does not wait for it.
  worker.unref();
  let stopped = false;
  const waiting: ((result: { checkpointed: number; log: number }) => void)[] = [];
  worker.on('message', (result: { checkpointed: number; log: number }) => {
    for (const resolve of waiting.splice(0)) resolve(result);
  });
  const fallBack = () => {
    if (!stopped && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOMATIC_PAGES}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  return {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
    },
  };
}
