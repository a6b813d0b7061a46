/**
 * Turns at the database: at most `size` runs at once, the others wait in order of arrival.
 * A call whose requests may be refused from memory (HandleOptions.refuseEarly) asks again when
 * its turn comes: a crowd that arrived at once has waited for the database's connections
 * meanwhile, and by then this node may know what the first of them learnt (a flash sale sold
 * out). Waiting here, not in the connection pool, is what lets the memory answer them.
 */
import { postgresTargets } from './db-postgres';
import type { Db } from './plugin';
import { MAX_MEMBERS } from './sqlite-group-commit';

export type Turns = <T>(work: () => Promise<T>) => Promise<T>;

export function turns(size: number): Turns {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running < size) running += 1;
    // A run that ends hands its place to the first waiting, so `running` stays as it is.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * How many runs `db` takes at once: its pool's connections on PostgreSQL; on SQLite, a group of
 * its group commit (./sqlite-group-commit.ts), whose members must be in to join the group.
 */
export const connectionsOf = (db: Db): number => postgresTargets.get(db)?.poolSize ?? MAX_MEMBERS;
