/**
 * The bus the API nodes of one shop talk over: a message published on one node is delivered at
 * once (synchronously) to this node's subscribers and, soon after, to every other node's. On
 * SQLite there is one node and the bus is in-process; on PostgreSQL it is LISTEN/NOTIFY
 * (./bus-postgres.ts), so running several nodes needs no extra server.
 *
 * Delivery to other nodes is best effort, in the order a node published, never duplicated:
 * what a node publishes while it cannot reach the database, or while another node's listening
 * connection is down, is lost for them. Users of the bus keep state they can rebuild
 * (`onResume` says when to).
 *
 *   const ENDED = topic<SessionsEnded>('sessions.ended');
 *   const stop = bus.subscribe(ENDED, (event, from) => hub.endSessions(event));
 *   bus.publish(ENDED, { userId: 7, sessions: ['…'] });
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { createPostgresBus } from './bus-postgres';
import { postgresOf } from './dialect';
import type { Db } from './plugin';

/** A kind of message and the shape of its payload: a value, so a typo is a compile error. */
export interface Topic<T> {
  readonly name: string;
  /** Never set: carries the payload type. */
  readonly payload?: T;
}

export const topic = <T>(name: string): Topic<T> => ({ name });

/** Handles one message; `from` is the publishing node's id (this node's own `bus.node` too). */
export type BusHandler<T> = (payload: T, from: string) => void;

export interface BusLog {
  info(message: string): void;
  error(message: string): void;
}

export interface Bus {
  /** This node's id, unique per process start. */
  readonly node: string;
  /**
   * Delivers `payload` (plain JSON) to this node's subscribers before returning, then to the other
   * nodes'. Never throws: a failure to reach the others is logged. Handlers get the very object
   * on this node, so they must not change it.
   */
  publish<T>(topic: Topic<T>, payload: T): void;
  /** The returned function unsubscribes. A throwing handler is logged and stops no other. */
  subscribe<T>(topic: Topic<T>, handler: BusHandler<T>): () => void;
  /** Called when the bus hears the other nodes again after a gap, in which messages were lost. */
  onResume(listener: () => void): () => void;
  /** Resolves once everything published so far has been handed over to the other nodes. */
  flush(): Promise<void>;
  /** Sends what is pending and stops; publishing afterwards reaches this node only. */
  close(): Promise<void>;
}

/** A node id: readable in logs and in pg_stat_activity, unique per process start. */
export const newNodeId = (): string => `${os.hostname().slice(0, 24)}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;

/** Subscribers by topic, with the error handling both buses share. */
export function createSubscribers(log: BusLog) {
  const byTopic = new Map<string, Set<BusHandler<unknown>>>();
  const resumed = new Set<() => void>();
  return {
    deliver(name: string, payload: unknown, from: string): void {
      for (const handler of [...(byTopic.get(name) ?? [])]) {
        try {
          handler(payload, from);
        } catch (error) {
          log.error(`bus: a handler of "${name}" (from node ${from}) failed: ${(error as Error)?.stack ?? String(error)}`);
        }
      }
    },
    subscribe<T>(subject: Topic<T>, handler: BusHandler<T>): () => void {
      const set = byTopic.get(subject.name) ?? new Set();
      byTopic.set(subject.name, set);
      const entry = handler as BusHandler<unknown>;
      set.add(entry);
      return () => set.delete(entry);
    },
    onResume(listener: () => void): () => void {
      resumed.add(listener);
      return () => resumed.delete(listener);
    },
    resume(): void {
      for (const listener of [...resumed]) {
        try {
          listener();
        } catch (error) {
          log.error(`bus: a resume listener failed: ${(error as Error)?.stack ?? String(error)}`);
        }
      }
    },
  };
}

/**
 * Buses in one process that hear each other, one per node: what one publishes reaches the others
 * on a later turn of the event loop, in order. A single node's bus is a network of one; tests
 * join several to run a cluster without a database, and wait for `delivered()` where messages
 * would travel between machines.
 */
export function localNetwork(log: BusLog = silent) {
  const members = new Set<{ node: string; deliver(name: string, payload: unknown, from: string): void }>();
  // Deliveries not yet made, over all members: a delivery that makes its node publish counts the new ones before it ends.
  let travelling = 0;
  const arrived: (() => void)[] = [];
  return {
    /** Resolves once nothing is on its way: every message published so far, and every one their delivery caused, has arrived. */
    delivered: (): Promise<void> => (travelling === 0 ? Promise.resolve() : new Promise<void>((resolve) => arrived.push(resolve))),
    join(node: string = newNodeId()): Bus {
      const subscribers = createSubscribers(log);
      const member = { node, deliver: subscribers.deliver };
      members.add(member);
      let pending = 0;
      let drained: (() => void)[] = [];
      const landed = () => {
        if (--pending === 0) for (const resolve of drained.splice(0)) resolve();
        if (--travelling === 0) for (const resolve of arrived.splice(0)) resolve();
      };
      const bus: Bus = {
        node,
        publish(subject, payload) {
          subscribers.deliver(subject.name, payload, node);
          if (!members.has(member)) return;
          for (const other of members) {
            if (other === member) continue;
            pending += 1;
            travelling += 1;
            setImmediate(() => {
              // A node that left meanwhile hears nothing more.
              if (members.has(other)) other.deliver(subject.name, structuredClone(payload), node);
              landed();
            });
          }
        },
        subscribe: subscribers.subscribe,
        onResume: subscribers.onResume,
        flush: () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => drained.push(resolve))),
        async close() {
          await bus.flush();
          members.delete(member);
          drained = [];
        },
      };
      return bus;
    },
  };
}

/** The bus of a node alone: SQLite's. */
export const createLocalBus = (log: BusLog = silent): Bus => localNetwork(log).join();

export interface BusOptions {
  /** The site's name: sites sharing a database each have their own bus. */
  site: string;
  log: BusLog;
}

/** PostgreSQL's LISTEN/NOTIFY bus for a database opened on PostgreSQL, else the local one. */
export async function createBus(db: Db, options: BusOptions): Promise<Bus> {
  const target = postgresOf(db);
  if (!target) return createLocalBus(options.log);
  return createPostgresBus({ db, target, site: options.site, log: options.log });
}

const silent: BusLog = { info: () => undefined, error: () => undefined };
