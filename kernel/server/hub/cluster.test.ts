/**
 * The hub across nodes, on buses of one local network (the PostgreSQL bus has its own tests, and
 * ./cluster.server.test.ts runs two real apps on PostgreSQL): pushes reach every node, presence
 * answers for the whole shop, and presence handlers run once per real change, on one node.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SocketMessage } from '../../core/socket';
import { localNetwork, type Bus } from '../bus';
import { clusterHub } from './cluster';
import { createHub, type Hub } from './hub';
import { eventually } from '../test-wait';

const BEAT = { heartbeatMs: 25, timeoutMs: 250 };
const silentLog = { info: () => undefined };

interface FakeConnection {
  userId: number;
  session: string;
  got: SocketMessage[];
  closedWith: number[];
  send(message: SocketMessage): boolean;
  sendMany(messages: readonly SocketMessage[]): boolean;
  close(code: number): Promise<void>;
}

function connection(userId: number): FakeConnection {
  const got: SocketMessage[] = [];
  const closedWith: number[] = [];
  return {
    userId,
    session: `session-${userId}`,
    got,
    closedWith,
    send: (message) => got.push(message) > 0,
    sendMany: (messages) => got.push(...messages) > 0,
    close: async (code) => void closedWith.push(code),
  };
}

/** The hub sends a turn's broadcasts together, at the end of the turn (./hub.ts). */
const broadcastsLeft = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A bus that can be cut off from the others (what it publishes is lost), as a node losing its database. */
function cuttable(bus: Bus) {
  let cut = false;
  const wrapped: Bus = {
    node: bus.node,
    publish: (subject, payload) => (cut ? undefined : bus.publish(subject, payload)),
    subscribe: (subject, handler) => bus.subscribe(subject, (payload, from) => (cut ? undefined : handler(payload, from))),
    onResume: (listener) => bus.onResume(listener),
    flush: () => bus.flush(),
    close: () => bus.close(),
  };
  return { bus: wrapped, cut: (on: boolean) => (cut = on) };
}

const hubs: Hub[] = [];
afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.close();
});

/**
 * Nodes on one network, each a cluster hub recording the presence changes it runs handlers for
 * and the lines it logs; `delivered()` resolves once every message between them has arrived.
 */
function cluster(...ids: string[]) {
  const network = localNetwork();
  const nodes = ids.map((id) => {
    const link = cuttable(network.join(id));
    const lines: string[] = [];
    const hub = clusterHub(createHub(), link.bus, { ...BEAT, log: { info: (m) => lines.push(m) } });
    hubs.push(hub);
    const ran: string[] = [];
    hub.onPresence((userId, online) => ran.push(`${userId}:${online ? 'online' : 'offline'}`));
    return { id, hub, bus: link.bus, cut: link.cut, ran, lines };
  });
  return { nodes, delivered: network.delivered };
}

describe('pushes across nodes', () => {
  it('sends to a user’s connections on every node, and returns what this node delivered', async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    const [onA, onB] = [connection(7), connection(7)];
    a.hub.add(onA);
    b.hub.add(onB);
    expect(a.hub.service.send(7, { type: 'notice', n: 1 })).toBe(1);
    expect(b.hub.service.send(8, { type: 'notice', n: 2 })).toBe(0);
    await delivered();
    expect(onA.got).toEqual([{ type: 'notice', n: 1 }]);
    expect(onB.got).toEqual([{ type: 'notice', n: 1 }]);
  });

  it('broadcasts to every node and disconnects a user everywhere', async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    const [ann, bob] = [connection(1), connection(2)];
    a.hub.add(ann);
    b.hub.add(bob);
    expect(a.hub.service.broadcast({ type: 'sale' })).toBe(1);
    expect(a.hub.service.disconnect(2, 4000)).toBe(0);
    await delivered();
    await broadcastsLeft();
    expect(bob.got).toEqual([{ type: 'sale' }]);
    expect(bob.closedWith).toEqual([4000]);
    expect(ann.closedWith).toEqual([]);
  });

  it("broadcasts to the visitors' read-only connections on every node, and sends them nothing else", async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    const [here, there] = [connection(0), connection(0)];
    a.hub.addVisitor(here, '10.0.0.1');
    b.hub.addVisitor(there, '10.0.0.1');
    expect(a.hub.service.broadcast({ type: 'seckill', left: 3 })).toBe(1);
    expect(a.hub.service.send(0, { type: 'notice' })).toBe(0);
    await delivered();
    await broadcastsLeft();
    expect(here.got).toEqual([{ type: 'seckill', left: 3 }]);
    expect(there.got).toEqual([{ type: 'seckill', left: 3 }]);
    expect(b.hub.service.online()).toEqual([]);
  });
});

describe('presence for the whole shop', () => {
  it('sees the users connected to another node, and forgets them when they leave', async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    const forget = b.hub.add(connection(5));
    await delivered();
    expect(a.hub.service.isOnline(5)).toBe(true);
    a.hub.add(connection(3));
    expect(a.hub.service.online()).toEqual([3, 5]);
    forget();
    await delivered();
    expect(a.hub.service.isOnline(5)).toBe(false);
  });

  it('tells a node that joins later who is already connected elsewhere', async () => {
    const network = localNetwork();
    const a = clusterHub(createHub(), network.join('a'), { ...BEAT, log: silentLog });
    hubs.push(a);
    const users = Array.from({ length: 1200 }, (_, i) => i + 1);
    for (const id of users) a.add(connection(id));
    const late = clusterHub(createHub(), network.join('late'), { ...BEAT, log: silentLog });
    hubs.push(late);
    await eventually(() => late.service.online().length === 1200, 'the newcomer learns the 1200 users (three list chunks)');
    expect(late.service.online()).toEqual(users);
  });
});

describe('presence handlers run once per real change', () => {
  it('on the node where the user connected and where they left', async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    const forget = a.hub.add(connection(9));
    await delivered();
    forget();
    await delivered();
    expect(a.ran).toEqual(['9:online', '9:offline']);
    expect(b.ran).toEqual([]);
  });

  it('nowhere while another node still holds the user, and where the last connection closed', async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    const forgetA = a.hub.add(connection(4));
    await delivered();
    const forgetB = b.hub.add(connection(4));
    await delivered();
    forgetA();
    await delivered();
    expect(b.hub.service.isOnline(4)).toBe(true);
    forgetB();
    await delivered();
    expect(a.ran).toEqual(['4:online']);
    expect(b.ran).toEqual(['4:offline']);
    expect(a.hub.service.isOnline(4)).toBe(false);
  });

  it('once, on the node of lower id, when both nodes let go at the same instant', async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    const forgetA = a.hub.add(connection(6));
    await delivered();
    const forgetB = b.hub.add(connection(6));
    await delivered();
    // Each still believes the other holds the user.
    forgetB();
    forgetA();
    await delivered();
    expect([...a.ran, ...b.ran].filter((r) => r.endsWith('offline'))).toEqual(['6:offline']);
    expect(a.ran).toContain('6:offline');
  });
});

describe('nodes that fall silent', () => {
  it('are dropped after the timeout: their users go offline, announced once by the live node of lowest id', async () => {
    const { nodes: [a, b, c], delivered } = cluster('a', 'b', 'c');
    await delivered();
    b.hub.add(connection(11));
    c.hub.add(connection(12));
    await delivered();
    expect(a.hub.service.online()).toEqual([11, 12]);
    b.cut(true);
    await eventually(() => !a.hub.service.isOnline(11) && !c.hub.service.isOnline(11), 'b’s user goes offline on a and c');
    expect(a.hub.service.online()).toEqual([12]);
    expect(a.ran).toEqual(['11:offline']);
    expect(c.ran).toEqual(['12:online']);
  });

  it('keep a user online who is also connected to a live node', async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    a.hub.add(connection(13));
    b.hub.add(connection(13));
    await delivered();
    b.cut(true);
    await eventually(() => a.lines.some((l) => l.includes('node b was silent')), 'a drops b');
    expect(a.hub.service.isOnline(13)).toBe(true);
    expect(a.ran).toEqual(['13:online']);
  });

  it('are asked who they hold when heard again', async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    b.hub.add(connection(14));
    await delivered();
    b.cut(true);
    await eventually(() => !a.hub.service.isOnline(14), 'a drops b');
    b.cut(false);
    await eventually(() => a.hub.service.isOnline(14), 'a learns b’s users again after its next beat');
  });
});

describe('a node closing', () => {
  it('keeps its users until the timeout, so those who reconnect elsewhere never go offline', async () => {
    const { nodes: [a, b], delivered } = cluster('a', 'b');
    await delivered();
    b.hub.add(connection(21));
    b.hub.add(connection(22));
    await delivered();
    a.ran.length = 0;
    await b.hub.close();
    await b.bus.close();
    expect(a.hub.service.online()).toEqual([21, 22]);
    // 21's client reconnects to a; 22's does not.
    a.hub.add(connection(21));
    await eventually(() => !a.hub.service.isOnline(22), '22 goes offline after the timeout');
    expect(a.hub.service.online()).toEqual([21]);
    expect(a.ran).toEqual(['22:offline']);
  });

  it('leaves quietly when it held nobody (a CLI command opening the shop), while a silent one is still reported', async () => {
    const network = localNetwork();
    const lines: string[] = [];
    const a = clusterHub(createHub(), network.join('a'), { ...BEAT, log: { info: (m) => lines.push(m) } });
    const cli = clusterHub(createHub(), network.join('cli'), { ...BEAT, log: silentLog });
    const crashed = cuttable(network.join('crashed'));
    const b = clusterHub(createHub(), crashed.bus, { ...BEAT, log: silentLog });
    hubs.push(a, b);
    await network.delivered();
    await cli.close();
    await network.delivered();
    // The crashed node speaks after cli's goodbye arrived, so a drops cli no later than the crashed node (in the same beat at most).
    b.add(connection(31));
    await network.delivered();
    crashed.cut(true);
    await eventually(() => lines.some((l) => l.includes('node crashed was silent')), 'the silent node is reported');
    expect(lines.filter((l) => l.includes('node cli')).map((l) => l.replace(/\d+ ms/, 'N ms'))).toEqual(['hub: node cli joined']);
  });
});
