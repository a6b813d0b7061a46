/**
 * A hot statement Kysely builds and compiles once per dialect, then runs with new parameters.
 * On the kernel's per-request path (token, request key, event) building and compiling a query
 * took more CPU than SQLite took to run it (issue #25's profile), and the SQL never changes: only
 * the values do. With SQLite the compiled text also hits ./db.ts's prepared-statement cache.
 *
 *   const tokenUser = statement((db, a: { hash: string }) => db.selectFrom('kernel_token')…where('token_hash', '=', a.hash));
 *   const { rows } = await tokenUser(db, { hash });
 *
 * `build` must pass each argument as a plain value (a `where`, a `values` column), never decide
 * the query's shape by it: it is called once, with markers in place of the arguments.
 */
import { PostgresAdapter, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import { prepareOnPostgres } from './db-postgres';
import type { Db, Tx } from './plugin';

class Marker {
  constructor(readonly name: string) {}
}

/** Where each parameter of the compiled SQL comes from: an argument's name, or a constant of the build. */
type Slot = { arg: string } | { constant: unknown };

interface Compiled<R> {
  query: CompiledQuery<R>;
  slots: Slot[];
}

export function statement<A extends Record<string, unknown>, R>(build: (db: Db, args: A) => Compilable<R>) {
  // Per dialect adapter: a database and its transactions share one.
  const compiledFor = new WeakMap<object, Compiled<R>>();
  return async (db: Db | Tx, args: A): Promise<QueryResult<R>> => {
    const adapter = db.getExecutor().adapter;
    let compiled = compiledFor.get(adapter);
    if (!compiled) {
      compiled = compile(db as Db, build, Object.keys(args));
      compiledFor.set(adapter, compiled);
      if (adapter instanceof PostgresAdapter) prepareOnPostgres(compiled.query.sql);
    }
    const parameters = compiled.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.constant));
    return db.executeQuery<R>({ ...compiled.query, parameters });
  };
}

function compile<A extends Record<string, unknown>, R>(db: Db, build: (db: Db, args: A) => Compilable<R>, names: string[]): Compiled<R> {
  const markers = Object.fromEntries(names.map((name) => [name, new Marker(name)])) as unknown as A;
  const query = build(db, markers).compile();
  const slots = query.parameters.map((p): Slot => (p instanceof Marker ? { arg: p.name } : { constant: p }));
  const unused = names.filter((name) => !slots.some((slot) => 'arg' in slot && slot.arg === name));
  if (unused.length > 0) throw new Error(`statement: the argument(s) ${unused.join(', ')} never reach the SQL of "${query.sql}"; pass each as a plain value`);
  return { query, slots };
}
