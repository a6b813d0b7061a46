/**
 * `npx tsx tests/bench/cluster-only.ts` (after `npm run build`): only the PostgreSQL figures of
 * the bench, one node beside two (issue #14), with the same PostgreSQL `npm run bench` finds
 * ($STOREFRONT_BENCH_DATABASE_URL, else a throwaway cluster). `npm run bench` measures the same
 * way, beside everything else.
 */
import { fileURLToPath } from 'node:url';
import { CLUSTER, benchCluster, type PostgresFigures } from './cluster';
import { benchPostgres } from './postgres';
import type { Child } from './processes';
import { clusterSection } from './report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function main(): Promise<void> {
  const children: Child[] = [];
  const postgres = benchPostgres(ROOT);
  let figures: PostgresFigures;
  try {
    figures = 'skipped' in postgres
      ? postgres
      : await benchCluster(ROOT, postgres, CLUSTER, { track: (child) => children.push(child), step: (m) => process.stdout.write(`· ${m}\n`) });
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    if (!('skipped' in postgres)) postgres.stop();
  }
  const [title, lines] = clusterSection(figures);
  process.stdout.write(`\n${title}\n${lines.map((line) => `  ${line}\n`).join('')}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`cluster bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
