/**
 * Chat message latency (issue #6): many shoppers connected to the hub at once (two tabs each), one
 * staff member serving them all. Every shopper sends messages; the figures are the time from a
 * send to the staff member's connection receiving it (delivery) and to the sender's own ack
 * (stored and acknowledged), p50 and p99 on loopback, plus how many never arrived (must be 0).
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { AppCredentials } from '@kernel/server/pipeline/signature';
import { percentile, post, registerShopper } from './http';

export interface ChatBenchSettings {
  shoppers: number;
  tabsPerShopper: number;
  /** Messages each shopper sends, one per round. */
  rounds: number;
}

export interface ChatFigures {
  settings: ChatBenchSettings;
  /** Open connections while messages flowed (shoppers' tabs + the staff member's). */
  connections: number;
  messages: number;
  lost: number;
  deliveryP50Ms: number;
  deliveryP99Ms: number;
  ackP50Ms: number;
  ackP99Ms: number;
  messagesPerSecond: number;
}

interface Client {
  socket: WebSocket;
  /** Resolves handlers by the message text (delivery) or the client id (ack). */
  onMessage(handler: (message: { type: string; msg?: string; cid?: string }) => void): void;
}

function connect(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const handlers: ((message: { type: string; msg?: string; cid?: string }) => void)[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      for (const handler of handlers) handler(message);
    });
    socket.once('open', () => resolve({ socket, onMessage: (handler) => handlers.push(handler) }));
    socket.once('error', reject);
  });
}

export async function benchChat(base: string, app: AppCredentials, staff: { account: string; password: string }, settings: ChatBenchSettings): Promise<ChatFigures> {
  const run = Date.now().toString(36);
  const hubUrl = (token: string) => `${base.replace(/^http/, 'ws').replace(/\/$/, '')}/api/socket?token=${encodeURIComponent(token)}`;

  const login = await post<{ userinfo: { token: string } }>(base, app, '/api/user/login', staff);
  if (login.code !== 1) throw new Error(`staff login: ${login.msg}`);
  const desk = await connect(hubUrl(login.data.userinfo.token));

  const shoppers: { roomId: number; tabs: Client[] }[] = [];
  for (let i = 0; i < settings.shoppers; i += 1) {
    const token = await registerShopper(base, app, `chat${run}x${i}`);
    const room = await post<{ room: { id: number } }>(base, app, '/api/Worker/getServicePeaple', {}, token);
    if (room.code !== 1) throw new Error(`getServicePeaple: ${room.msg}`);
    const tabs = await Promise.all(Array.from({ length: settings.tabsPerShopper }, () => connect(hubUrl(token))));
    shoppers.push({ roomId: room.data.room.id, tabs });
  }

  const sentAt = new Map<string, number>();
  const delivery: number[] = [];
  const ack: number[] = [];
  let delivered = 0;
  let acked = 0;
  let expected = 0;
  let done: () => void = () => {};
  const allArrived = new Promise<void>((resolve) => (done = resolve));
  const check = () => delivered === expected && acked === expected && expected === settings.shoppers * settings.rounds && done();

  desk.onMessage((message) => {
    if (message.type !== 'single' || !message.msg) return;
    const t0 = sentAt.get(message.msg);
    if (t0 === undefined) return;
    delivery.push(performance.now() - t0);
    delivered += 1;
    check();
  });
  shoppers.forEach(({ tabs }) =>
    tabs[0].onMessage((message) => {
      if (message.type !== 'single' || !message.cid) return;
      const t0 = sentAt.get(`bench ${message.cid}`);
      if (t0 === undefined) return;
      ack.push(performance.now() - t0);
      acked += 1;
      check();
    }),
  );

  const started = performance.now();
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const [i, shopper] of shoppers.entries()) {
      const cid = `${run}-${round}-${i}`;
      sentAt.set(`bench ${cid}`, performance.now());
      expected += 1;
      shopper.tabs[0].socket.send(JSON.stringify({ type: 'single', room_id: shopper.roomId, msg: `bench ${cid}`, cid }));
    }
    // A pause between rounds keeps each connection well under the hub's 20 messages a second.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await Promise.race([allArrived, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  const seconds = (performance.now() - started) / 1000;

  for (const client of [desk, ...shoppers.flatMap((s) => s.tabs)]) client.socket.close();
  const sortedDelivery = [...delivery].sort((a, b) => a - b);
  const sortedAck = [...ack].sort((a, b) => a - b);
  return {
    settings,
    connections: 1 + shoppers.length * settings.tabsPerShopper,
    messages: expected,
    lost: expected - delivered,
    deliveryP50Ms: percentile(sortedDelivery, 50),
    deliveryP99Ms: percentile(sortedDelivery, 99),
    ackP50Ms: percentile(sortedAck, 50),
    ackP99Ms: percentile(sortedAck, 99),
    messagesPerSecond: delivered / seconds,
  };
}
