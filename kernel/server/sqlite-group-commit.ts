/**
 * Group commit on SQLite. The hot transactions (./hot-transaction.ts) and idempotent calls
 * (./idempotency.ts) that reach the one connection (./db.ts) in the same turn of the event loop
 * run one after another inside a single SQLite transaction, each in a savepoint of its own, and
 * commit together. A commit writes every page the transaction changed to the WAL, two writes a
 * page; an order changes about a dozen pages, so its commit was two thirds of its time in SQLite
 * and about a fifth of the server's CPU per order under a flash sale's crowd (issue #25's
 * profiles). Grouped, a crowd pays one commit a group; a lone request is a group of one.
 *
 * What each member sees is what it saw alone:
 * - it runs by itself on the connection, after the members before it, as transactions ran one at a
 *   time before; a member that throws is rolled back to its savepoint, and the others stand;
 * - nobody is told anything before the commit: every member's outcome, a refusal included, waits
 *   for it, and if the commit (or the transaction: a full disk) fails, every member fails with it,
 *   so no reply speaks of a change that was not kept;
 * - reads outside the group wait for the connection as they did, so they never see a member's work
 *   before it is committed; a group takes `MAX_MEMBERS` at most, then lets them in.
 * A member gets a transaction object of its own (on the same connection), so the work queued per
 * transaction (`lastBeforeCommit`, `afterCommit`) stays its own. A member must not rely on a
 * deferred constraint: checked at the commit, it would fail the whole group (the schema has none).
 */
import { setImmediate } from 'node:timers';
import { CompiledQuery } from 'kysely';
import type { Db, Tx } from './plugin';

/** Members of one group at most: each member's reply waits for the whole group's commit. */
export const MAX_MEMBERS = 32;

const SAVEPOINT = CompiledQuery.raw('savepoint storefront_member');
const RELEASE = CompiledQuery.raw('release storefront_member');
const ROLLBACK_TO = CompiledQuery.raw('rollback to storefront_member');

interface Member {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommit {
  execute<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

const committers = new WeakMap<Db, GroupCommit>();

/** The group committer of a SQLite database: one per database, as its connection is one. */
export function groupCommitOf(db: Db): GroupCommit {
  let committer = committers.get(db);
  if (!committer) {
    committer = createGroupCommit(db);
    committers.set(db, committer);
  }
  return committer;
}

/** One turn of the event loop: what the loop has read meanwhile has reached the queue. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createGroupCommit(db: Db, maxMembers = MAX_MEMBERS): GroupCommit {
  const queue: Member[] = [];
  let running = false;

  /** Runs one member in its savepoint; says what to tell it once the group has committed. */
  async function runMember(tx: Tx, member: Member): Promise<() => void> {
    await tx.executeQuery(SAVEPOINT);
    try {
      const value = await member.work(ownTransaction(tx));
      await tx.executeQuery(RELEASE);
      return () => member.resolve(value);
    } catch (error) {
      await rollBackMember(tx, error);
      return () => member.reject(error);
    }
  }

  async function runGroup(): Promise<void> {
    const members: Member[] = [];
    const outcomes: (() => void)[] = [];
    try {
      await db.transaction().execute(async (tx) => {
        // SQLite's statements run synchronously, so a member runs to its end without the loop
        // turning: the requests behind it reach the queue once the loop has read them.
        for (;;) {
          while (members.length < maxMembers && queue.length > 0) {
            const member = queue.shift() as Member;
            members.push(member);
            outcomes.push(await runMember(tx, member));
          }
          if (members.length >= maxMembers) break;
          await nextTurn();
          if (queue.length === 0) break;
        }
      });
    } catch (error) {
      // A transaction that could not even begin fails those waiting, rather than being begun again and again.
      if (members.length === 0) members.push(...queue.splice(0));
      for (const member of members) member.reject(error);
      return;
    }
    for (const tell of outcomes) tell();
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) await runGroup();
    } finally {
      running = false;
    }
  }

  return {
    execute<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!running) void drain();
      });
    },
  };
}

/** Undoes a member's work; when SQLite has ended the whole transaction (a full disk), the group fails with the member's error. */
async function rollBackMember(tx: Tx, error: unknown): Promise<void> {
  try {
    await tx.executeQuery(ROLLBACK_TO);
    await tx.executeQuery(RELEASE);
  } catch {
    throw error;
  }
}

/** The group's transaction under another identity: Kysely's copy of it (SQLite's database has no Kysely plugins to lose). */
function ownTransaction(tx: Tx): Tx {
  if (tx.getExecutor().plugins.length > 0) throw new Error("group commit: the database has Kysely plugins, which a member's transaction would lose");
  return tx.withoutPlugins();
}
