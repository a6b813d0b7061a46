import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChildMessage, ParentMessage } from './api-protocol';
import { createApiSupervisor, type SupervisorEvents } from './api-supervisor';

/** The API child at the edge: it says what a real one says over IPC, when the test tells it to. */
class FakeChild extends EventEmitter {
  pid = 4242;
  connected = true;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  sent: ParentMessage[] = [];
  signals: string[] = [];

  send(message: ParentMessage, callback?: (error: Error | null) => void) {
    this.sent.push(message);
    callback?.(null);
    return true;
  }
  kill(signal: NodeJS.Signals = 'SIGTERM') {
    this.signals.push(signal);
    setImmediate(() => this.exit(null, signal));
    return true;
  }
  say(message: ChildMessage) {
    this.emit('message', message);
  }
  ready(url: string) {
    this.say({ type: 'ready', url, notes: ['Demo shopper: demo / demo123456'] });
  }
  exit(code: number | null, signal: NodeJS.Signals | null) {
    if (this.exitCode !== null || this.signalCode !== null) return;
    this.exitCode = code;
    this.signalCode = signal;
    this.connected = false;
    this.emit('exit', code, signal);
  }
}

const DEBOUNCE_MS = 20;

// The debounce is the supervisor's clock: a test moves it by hand, so "no restart" is known the
// moment the quiet time has passed, not guessed after a while. Children still exit on a real turn.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());
const quietTimePasses = () => vi.advanceTimersByTime(DEBOUNCE_MS);

function setup() {
  const children: FakeChild[] = [];
  const spawnedWaiters: (() => void)[] = [];
  /** The `n`th child the supervisor started (1 for the first), once it has been. */
  const child = async (n: number): Promise<FakeChild> => {
    while (children.length < n) await new Promise<void>((resolve) => spawnedWaiters.push(resolve));
    return children[n - 1];
  };
  const log: string[] = [];
  const events: SupervisorEvents = {
    restarting: (reason) => log.push(`restarting: ${reason}`),
    ready: ({ url, first }) => log.push(`ready${first ? ' (first)' : ''}: ${url}`),
    failed: (message) => log.push(`failed: ${message}`),
    exited: (code, signal) => log.push(`exited: ${signal ?? code}`),
  };
  const api = createApiSupervisor({
    root: '/project',
    site: 'default',
    dataDir: '/project/data',
    events,
    debounceMs: DEBOUNCE_MS,
    spawn: () => {
      const started = new FakeChild();
      children.push(started);
      for (const wake of spawnedWaiters.splice(0)) wake();
      return started as unknown as ChildProcess;
    },
  });
  /** Starts the API and lets the first child come up at `url`. */
  const started = async (url = 'http://127.0.0.1:1001/') => {
    const start = api.start();
    children[0].ready(url);
    await start;
  };
  return { api, children, child, log, started };
}

describe('the API supervisor of storefront dev', () => {
  it('restarts once for a burst of changes, stopping the old API first', async () => {
    const { api, children, child, log, started } = setup();
    await started();
    api.changed('plugins/wish/server.ts', 'restart');
    api.changed('plugins/wish/service.ts', 'restart');
    api.changed('plugins/wish/i18n/en.json', 'restart');
    quietTimePasses();
    (await child(2)).ready('http://127.0.0.1:1002/');
    // Answers once no restart is due or under way: the burst's one has ended.
    expect(await api.url()).toBe('http://127.0.0.1:1002/');
    expect(children).toHaveLength(2);
    expect(children[0].signals).toEqual(['SIGTERM']);
    expect(log).toEqual([
      'ready (first): http://127.0.0.1:1001/',
      'restarting: plugins/wish/server.ts and 2 more files',
      'ready: http://127.0.0.1:1002/',
    ]);
    await api.stop();
  });

  it('holds a request made while a restart is due until the new API answers', async () => {
    const { api, child, started } = setup();
    await started();
    api.changed('kernel/server/app.ts', 'restart');
    const url = api.url();
    quietTimePasses();
    (await child(2)).ready('http://127.0.0.1:1002/');
    expect(await url).toBe('http://127.0.0.1:1002/');
    await api.stop();
  });

  it('reports an API that cannot start, answers null meanwhile, and retries on the next change', async () => {
    const { api, children, child, log } = setup();
    const start = api.start();
    children[0].say({ type: 'failed', message: 'plugin `wish` cannot be loaded from plugins/wish/server.ts' });
    children[0].exit(1, null);
    await start;
    expect(log).toEqual(['failed: plugin `wish` cannot be loaded from plugins/wish/server.ts']);
    expect(await api.url()).toBeNull();
    expect(await api.page('<!--bootstrap-->')).toBeNull();

    // The site file is what broke the boot: fixing it restarts the API that is down.
    api.changed('config/sites/default.json', 'site');
    quietTimePasses();
    (await child(2)).ready('http://127.0.0.1:1002/');
    expect(await api.url()).toBe('http://127.0.0.1:1002/');
    expect(log.at(-1)).toBe('ready (first): http://127.0.0.1:1002/');
    await api.stop();
  });

  it('leaves site file edits to the running API, which reloads them itself', async () => {
    const { api, children, log, started } = setup();
    await started();
    api.changed('config/sites/default.json', 'site');
    // A restart would have begun as the quiet time ended: said so, and signalled the API to stop.
    quietTimePasses();
    expect(log).toEqual(['ready (first): http://127.0.0.1:1001/']);
    expect(children[0].signals).toEqual([]);
    expect(children).toHaveLength(1);
    await api.stop();
  });

  it('says when the API stops on its own and waits for a change', async () => {
    const { api, children, child, log, started } = setup();
    await started();
    children[0].exit(1, null);
    expect(log.at(-1)).toBe('exited: 1');
    expect(await api.url()).toBeNull();
    api.changed('plugins/wish/service.ts', 'restart');
    quietTimePasses();
    expect(await child(2)).toBe(children[1]);
    expect(log.at(-1)).toBe('restarting: plugins/wish/service.ts');
    await api.stop();
  });

  it('asks the API to write the bootstrap into the page', async () => {
    const { api, children, started } = setup();
    await started();
    const page = api.page('<head><!--bootstrap--></head>');
    await vi.waitFor(() => expect(children[0].sent).toHaveLength(1));
    const request = children[0].sent[0];
    expect(request).toEqual({ type: 'page', id: 1, html: '<head><!--bootstrap--></head>' });
    children[0].say({ type: 'page', id: request.id, html: '<head><script>window.__BOOTSTRAP__={}</script></head>' });
    expect(await page).toBe('<head><script>window.__BOOTSTRAP__={}</script></head>');
    await api.stop();
  });

  it('stops the API and starts no other, even with a restart due', async () => {
    const { api, children, log, started } = setup();
    await started();
    api.changed('plugins/wish/server.ts', 'restart');
    await api.stop();
    // The restart that was due would have begun by now.
    quietTimePasses();
    expect(children).toHaveLength(1);
    expect(children[0].signals).toEqual(['SIGTERM']);
    expect(log).toEqual(['ready (first): http://127.0.0.1:1001/']);
    expect(await api.url()).toBeNull();
  });
});
