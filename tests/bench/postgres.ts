/**
 * The PostgreSQL of the bench: $STOREFRONT_BENCH_DATABASE_URL when set (the bench only adds and
 * drops a schema of its own there), else a throwaway cluster of tests/pg/cluster.sh in a folder of
 * the bench's own, stopped and deleted afterwards. Without PostgreSQL's server programs the
 * PostgreSQL part is skipped, not failed: SQLite stays the default and needs nothing else.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export type BenchPostgres =
  | { url: string; source: string; stop(): void }
  | { skipped: string };

/** What `cluster.sh start` answered: the URL it printed, "not installed", or an error naming the script. */
export function readClusterStart(status: number | null, stdout: string, stderr: string): { url: string } | { skipped: string } {
  if (status !== 0) {
    if (/server programs are not installed/.test(stderr)) return { skipped: 'not installed' };
    throw new Error(`tests/pg/cluster.sh start failed (exit ${status ?? 'by signal'}):\n${stderr.trim()}`);
  }
  const url = /STOREFRONT_TEST_DATABASE_URL=(\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error(`tests/pg/cluster.sh start printed no STOREFRONT_TEST_DATABASE_URL:\n${stdout.trim()}`);
  return { url };
}

export function benchPostgres(root: string, env: NodeJS.ProcessEnv = process.env): BenchPostgres {
  const given = env.STOREFRONT_BENCH_DATABASE_URL;
  if (given) return { url: given, source: '$STOREFRONT_BENCH_DATABASE_URL', stop: () => undefined };
  const script = path.join(root, 'tests', 'pg', 'cluster.sh');
  const clusterEnv = { ...env, STOREFRONT_PG_STATE: path.join(os.tmpdir(), `storefront-bench-pg-${process.pid}`) };
  const started = spawnSync('bash', [script, 'start'], { cwd: root, env: clusterEnv, encoding: 'utf8', timeout: 120_000 });
  const answer = readClusterStart(started.status, started.stdout ?? '', started.stderr ?? '');
  if ('skipped' in answer) return answer;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    spawnSync('bash', [script, 'stop'], { cwd: root, env: clusterEnv, timeout: 60_000 });
  };
  return { url: answer.url, source: 'a throwaway cluster (tests/pg/cluster.sh)', stop };
}
