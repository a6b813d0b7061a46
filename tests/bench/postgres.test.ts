import { describe, expect, it } from 'vitest';
import { benchPostgres, readClusterStart } from './postgres';

describe("the bench's PostgreSQL", () => {
  it('takes the URL tests/pg/cluster.sh prints', () => {
    const printed = 'export STOREFRONT_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:40123/postgres\n';
    expect(readClusterStart(0, printed, '')).toEqual({ url: 'postgres://postgres@127.0.0.1:40123/postgres' });
  });

  it('skips PostgreSQL when its server programs are not installed', () => {
    const stderr = "PostgreSQL's server programs are not installed: apt-get install -y postgresql\n";
    expect(readClusterStart(1, '', stderr)).toEqual({ skipped: 'not installed' });
  });

  it('fails with the script and its output when an installed PostgreSQL does not start', () => {
    expect(() => readClusterStart(1, '', 'initdb: could not create directory\n')).toThrow(
      'tests/pg/cluster.sh start failed (exit 1):\ninitdb: could not create directory',
    );
    expect(() => readClusterStart(0, 'nothing\n', '')).toThrow('printed no STOREFRONT_TEST_DATABASE_URL');
  });

  it('uses $STOREFRONT_BENCH_DATABASE_URL as it is, and leaves it running', () => {
    const postgres = benchPostgres('/nowhere', { STOREFRONT_BENCH_DATABASE_URL: 'postgres://postgres@db:5432/bench' });
    expect(postgres).toMatchObject({ url: 'postgres://postgres@db:5432/bench', source: '$STOREFRONT_BENCH_DATABASE_URL' });
  });
});
