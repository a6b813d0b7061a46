// `npm run test:pg`: the server and concurrency tests again, on PostgreSQL. Every test server
// gets its own schema on STOREFRONT_TEST_DATABASE_URL (kernel/server/test-database.ts); start a
// throwaway cluster with `eval "$(bash tests/pg/cluster.sh start)"`.
import { spawnSync } from 'node:child_process';

if (!process.env.STOREFRONT_TEST_DATABASE_URL) {
  console.error('STOREFRONT_TEST_DATABASE_URL is not set. Start a throwaway PostgreSQL first:\n  eval "$(bash tests/pg/cluster.sh start)"\n(it needs Debian\'s postgresql package: apt-get install -y postgresql)');
  process.exit(1);
}
// The server side: the kernel's server, every plugin's server tests, the database commands and
// the multi-node tests. Browser code and the CLI's SQLite-only commands run once, in `npm test`.
const filters = ['kernel/server', 'plugins', 'cli/commands/db', 'tests/cluster'];
const result = spawnSync('npx', ['vitest', 'run', '--project', 'node', ...filters, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
