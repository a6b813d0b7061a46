import http from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_EVENTS_PATH } from '../core/site-events';
import { fanPlugin, wishPlugin } from './fake-project';
import { serveFakeProject } from './fake-project-server';
import { installSiteEvents, STREAMS_PER_ADDRESS } from './site-events';
import { createTestServer, eventually, within, type TestServer } from './testing';

const project = serveFakeProject({ wish: wishPlugin, fan: fanPlugin }, (server) => (t = server));
let t: TestServer;
let base: string;

beforeAll(async () => {
  // inject() cannot stream: a real listening server on a free port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

interface SiteEvent {
  event: string;
  id: string;
  data: { plugins: string[] };
}

/**
 * A stream read the way a browser reads it: events, comments, and whether the server ended it.
 * Over node:http with a connection of its own (fetch's pool opens a spare connection on abort,
 * which a closing server would wait for).
 */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const request = http.get(url, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => request.on('response', resolve).on('error', reject));
  response.setEncoding('utf8');
  const events: SiteEvent[] = [];
  const comments: string[] = [];
  let text = '';
  let buffer = '';
  let taken = 0;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((check) => check());
  response.on('data', (chunk: string) => {
    text += chunk;
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else fields.set(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
      }
      const event = fields.get('event');
      if (event) events.push({ event, id: fields.get('id') ?? '', data: JSON.parse(fields.get('data') ?? '{}') });
    }
    wake();
  });
  const ended = new Promise<void>((resolve) => response.on('end', resolve).on('close', resolve));
  response.on('error', () => undefined);
  request.on('error', () => undefined);
  const until = (ready: () => boolean, ms: number, what: string) =>
    within(
      new Promise<void>((resolve) => {
        const check = () => {
          if (!ready()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
      ms,
      what,
    );
  return {
    status: response.statusCode,
    headers: response.headers,
    comments,
    /** Everything received so far. */
    text: () => text,
    /** The next event not yet taken, within `ms`. */
    async next(ms = 5000): Promise<SiteEvent> {
      await until(() => events.length > taken, ms, 'the next site event');
      return events[taken++];
    },
    /** Resolves once the server ended the stream. */
    ended: () => within(ended, 5000, 'the stream to end'),
    until,
    /** The tab goes away. */
    close: () => request.destroy(),
  };
}

describe('the site event stream', () => {
  it('greets without a signature and tells an open stream within 2 s that the site file changed', async () => {
    const stream = await openStream(`${base}${SITE_EVENTS_PATH}`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['access-control-allow-origin']).toBe('*');
    const hello = await stream.next();
    expect(hello).toMatchObject({ event: 'hello', data: { plugins: ['wish', 'fan'] } });

    const edited = Date.now();
    const applied = t.setPlugins({ fan: false });
    const change = await stream.next(2000);
    expect(change).toMatchObject({ event: 'site', data: { plugins: ['wish'] } });
    expect(change.id).not.toBe(hello.id);
    expect(Date.now() - edited).toBeLessThan(2000);
    await applied;

    await t.setPlugins({ fan: true });
    expect(await stream.next()).toMatchObject({ event: 'site', data: { plugins: ['wish', 'fan'] } });
    stream.close();
  });

  it('starts with `site` for a tab that comes back after a change it missed, and with `hello` otherwise', async () => {
    const first = await openStream(`${base}${SITE_EVENTS_PATH}`);
    const seen = (await first.next()).id;
    first.close();

    const unchanged = await openStream(`${base}${SITE_EVENTS_PATH}`, { 'Last-Event-ID': seen });
    expect((await unchanged.next()).event).toBe('hello');
    unchanged.close();

    await t.setPlugins({ fan: false });
    const back = await openStream(`${base}${SITE_EVENTS_PATH}?since=${encodeURIComponent(seen)}`);
    expect(await back.next()).toMatchObject({ event: 'site', data: { plugins: ['wish'] } });
    back.close();
    await t.setPlugins({ fan: true });
  });

  it(`refuses more than ${STREAMS_PER_ADDRESS} streams from one address, and counts a closed one out`, async () => {
    const open = await Promise.all(Array.from({ length: STREAMS_PER_ADDRESS }, () => openStream(`${base}${SITE_EVENTS_PATH}`)));
    await Promise.all(open.map((stream) => stream.next()));
    const refused = await openStream(`${base}${SITE_EVENTS_PATH}`);
    expect(refused.status).toBe(429);
    await refused.ended();
    expect(refused.text()).toContain(`too many open site event streams (${STREAMS_PER_ADDRESS} from 127.0.0.1)`);

    open[0].close();
    // The server learns of the closed stream a moment later.
    let again = await openStream(`${base}${SITE_EVENTS_PATH}`);
    for (let tries = 0; again.status === 429 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await openStream(`${base}${SITE_EVENTS_PATH}`);
    }
    expect(again.status).toBe(200);
    again.close();
    open.forEach((stream) => stream.close());
  });

  it('keeps a quiet stream alive with a comment and forgets a stream the tab closed', async () => {
    const bare = Fastify();
    const events = installSiteEvents(bare, t.site, { keepAliveMs: 30 });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    try {
      const stream = await openStream(`http://127.0.0.1:${(bare.server.address() as { port: number }).port}${SITE_EVENTS_PATH}`);
      await stream.next();
      await stream.until(() => stream.comments.includes('keep-alive'), 5000, 'a keep-alive comment');
      expect(events.open).toBe(1);
      stream.close();
      await eventually(() => events.open === 0, 'the server forgets the closed stream', 1000);
    } finally {
      await bare.close();
    }
  });
});

describe('closing the server', () => {
  let other: TestServer;
  afterAll(() => other?.close());

  it('ends every open stream, so the close does not wait for them', async () => {
    other = await createTestServer({ root: project.root });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}${SITE_EVENTS_PATH}`;
    const streams = await Promise.all([openStream(url), openStream(url)]);
    await Promise.all(streams.map((stream) => stream.next()));
    await within(other.app.close(), 5000, 'app.close() with two open streams');
    await Promise.all(streams.map((stream) => stream.ended()));
  });
});
