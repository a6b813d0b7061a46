/**
 * One node's view of who is connected to the other nodes of the shop, kept from the presence
 * news they publish (./cluster.ts carries it over the bus), and the rule deciding where the
 * plugins' presence handlers run: **once per real change, on one node**.
 *
 * - A user's first connection on this node, when no other node holds them: this node runs the
 *   handlers. Two nodes gaining the same user at the same instant may both run them; handlers
 *   push the state they read, so a repeat is harmless.
 * - A user's last connection on this node, when no other node holds them: this node runs them.
 *   When another node still held the user, this node remembers having let go (`released`) and
 *   says so (`ran: false`): if that other node let go at the same time (each thought the other
 *   still held the user), the one of lower id runs them when it hears the other's news.
 * - A node dropped for silence: its users no other node holds go offline, and the live node of
 *   lowest id runs the handlers (a node that said `bye` does not count: it is gone).
 * - A list answering `hello` or `ask` changes the view but runs nothing: the node where those
 *   changes happened ran them.
 */

/** What nodes tell each other about their connections. */
export type PresenceNews =
  /** A node (re)joined: everyone answers with their list (and so does it). */
  | { kind: 'hello' }
  /** Someone does not know `node`, which answers with its list. */
  | { kind: 'ask'; node: string }
  /** The users connected to the sender, in chunks that stay under NOTIFY's limit. */
  | { kind: 'list'; users: number[]; first: boolean; last: boolean }
  | { kind: 'online'; users: number[] }
  /** `ran`: the sender ran the presence handlers (no other node held the users in its view). */
  | { kind: 'offline'; users: number[]; ran: boolean }
  | { kind: 'beat' }
  /** The sender is closing: its users stay until the timeout, it no longer runs handlers. */
  | { kind: 'bye' };

/** Ids per list message: ~4.5 kB of digits at most, well under NOTIFY's 8000 bytes. */
export const LIST_CHUNK = 500;

export interface ClusterViewDeps {
  node: string;
  /** Users with a connection on this node. */
  localUsers(): number[];
  isLocal(userId: number): boolean;
  publish(news: PresenceNews): void;
  /** Runs the presence handlers on this node. */
  announce(userId: number, online: boolean): void;
  log: { info(message: string): void };
}

interface OtherNode {
  users: Set<number>;
  /** When the node was last heard (ms). */
  seen: number;
  /** Said `bye`. */
  leaving: boolean;
  /** A list being received, chunk by chunk. */
  incoming: Set<number> | null;
}

export type ClusterView = ReturnType<typeof createClusterView>;

export function createClusterView(deps: ClusterViewDeps) {
  const { node, publish, announce } = deps;
  const others = new Map<string, OtherNode>();
  /** Users this node let go of while another node still held them. */
  const released = new Set<number>();

  const heldElsewhere = (userId: number) => [...others.values()].some((other) => other.users.has(userId));
  const onlineAnywhere = (userId: number) => deps.isLocal(userId) || heldElsewhere(userId);
  const lowestLive = () => [...others].every(([id, other]) => other.leaving || node < id);

  const sendList = () => {
    const users = deps.localUsers();
    for (let start = 0; start === 0 || start < users.length; start += LIST_CHUNK) {
      publish({ kind: 'list', users: users.slice(start, start + LIST_CHUNK), first: start === 0, last: start + LIST_CHUNK >= users.length });
    }
  };

  /** Users that just left the view: forget having let go of those now offline everywhere. */
  const settle = (users: Iterable<number>, run: boolean) => {
    for (const userId of users) {
      if (onlineAnywhere(userId)) continue;
      released.delete(userId);
      if (run) announce(userId, false);
    }
  };

  const drop = (id: string, other: OtherNode, silentMs: number) => {
    others.delete(id);
    // A node that said goodbye holding nobody (a CLI command that opened the shop briefly) leaves quietly.
    if (!other.leaving || other.users.size > 0) {
      deps.log.info(`hub: node ${id} was silent for ${silentMs} ms and is dropped; its ${other.users.size} user(s) are offline unless connected elsewhere`);
    }
    settle(other.users, lowestLive());
  };

  return {
    /** Says hello and sends this node's list: at start, and after the bus lost messages. */
    join() {
      publish({ kind: 'hello' });
      sendList();
    },
    leave() {
      publish({ kind: 'bye' });
    },

    /** A user's first connection on this node opened, or their last one closed. */
    local(userId: number, online: boolean) {
      const alone = !heldElsewhere(userId);
      if (online) {
        released.delete(userId);
        publish({ kind: 'online', users: [userId] });
      } else {
        publish({ kind: 'offline', users: [userId], ran: alone });
        if (!alone) released.add(userId);
      }
      if (alone) announce(userId, online);
    },

    receive(from: string, news: PresenceNews, now: number) {
      let other = others.get(from);
      if (!other) {
        if (news.kind === 'bye') return;
        other = { users: new Set(), seen: now, leaving: false, incoming: null };
        others.set(from, other);
        deps.log.info(`hub: node ${from} joined`);
        // A node heard for the first time but not from the start: ask it who it holds.
        if (news.kind !== 'hello' && news.kind !== 'list') publish({ kind: 'ask', node: from });
      }
      other.seen = now;
      switch (news.kind) {
        case 'hello':
          sendList();
          return;
        case 'ask':
          if (news.node === node) sendList();
          return;
        case 'list': {
          if (news.first) other.incoming = new Set();
          if (!other.incoming) return;
          for (const userId of ids(news.users)) other.incoming.add(userId);
          if (!news.last) return;
          const before = other.users;
          other.users = other.incoming;
          other.incoming = null;
          settle([...before].filter((userId) => !other.users.has(userId)), false);
          return;
        }
        case 'online':
          for (const userId of ids(news.users)) other.users.add(userId);
          return;
        case 'offline':
          for (const userId of ids(news.users)) {
            other.users.delete(userId);
            if (onlineAnywhere(userId)) continue;
            // Both let go at once: the lower id runs the handlers.
            if (released.delete(userId) && !news.ran && node < from) announce(userId, false);
          }
          return;
        case 'beat':
          return;
        case 'bye':
          other.leaving = true;
          if (other.users.size > 0) deps.log.info(`hub: node ${from} is closing; its ${other.users.size} user(s) stay until they reconnect elsewhere or it times out`);
          return;
      }
    },

    /** Beats, and drops the nodes silent for longer than `timeoutMs`. */
    tick(now: number, timeoutMs: number) {
      publish({ kind: 'beat' });
      for (const [id, other] of [...others]) if (now - other.seen > timeoutMs) drop(id, other, now - other.seen);
    },

    heldElsewhere,
    usersElsewhere: () => new Set([...others.values()].flatMap((other) => [...other.users])),
    /** Other nodes known, leaving ones included. */
    others: () => others.size,
  };
}

/** The user ids of a list from another node (our own code, but it came over the wire). */
function ids(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
}
