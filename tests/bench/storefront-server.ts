/**
 * `storefront start --demo` in a child process of the bench, for this checkout or a temporary copy of
 * it: on a free port of 127.0.0.1, with the data directory the caller chose (a fresh one seeds
 * the demo site, which is the slow part of a start). Given a PostgreSQL URL, the shop lives there
 * instead, and several such nodes share it (issue #14).
 */
import path from 'node:path';
import { freePort, startChild, waitUntilReady, type Child } from './processes';

export interface RunningStorefront {
  child: Child;
  /** `http://127.0.0.1:<port>/` */
  base: string;
  /** The SQLite file in the data directory, or the PostgreSQL URL. */
  database: string;
  /** From the spawn to the first answer of `/`. */
  startSeconds: number;
}

export interface StartOptions {
  timeoutMs: number;
  /** Hands the child over at once, so the bench stops it even when the start is interrupted. */
  track: (child: Child) => void;
  name?: string;
  /** `--database-url postgres://…`: the nodes given the same URL share one shop. */
  databaseUrl?: string;
  /** `--uploads-dir`: one folder for every node of a shop. */
  uploadsDir?: string;
}

export async function startStorefront(root: string, dataDir: string, options: StartOptions): Promise<RunningStorefront> {
  const { timeoutMs, track, name = 'storefront', databaseUrl, uploadsDir } = options;
  const started = Date.now();
  const port = await freePort();
  // STOREFRONT_BENCH_CPU_PROF=<dir>: each storefront writes a V8 CPU profile there as it stops (`node --cpu-prof`).
  const profile = process.env.STOREFRONT_BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.STOREFRONT_BENCH_CPU_PROF}`] : [];
  const args = [...profile, path.join(root, 'cli', 'bin.js'), 'start', '--demo', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir];
  if (databaseUrl) args.push('--database-url', databaseUrl);
  if (uploadsDir) args.push('--uploads-dir', uploadsDir);
  const child = startChild(name, process.execPath, args, root);
  track(child);
  const base = `http://127.0.0.1:${port}/`;
  await waitUntilReady(child, async () => (await fetch(base)).ok, timeoutMs);
  return { child, base, database: databaseUrl ?? path.join(dataDir, 'default.sqlite'), startSeconds: (Date.now() - started) / 1000 };
}
