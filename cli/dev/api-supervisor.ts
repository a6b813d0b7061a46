/**
 * Keeps the API child of `storefront dev` running: starts it, restarts it (debounced) when server
 * code changes, and when it cannot start, reports why and waits for the next change instead of
 * giving up. The proxy and the page bootstrap wait while a restart is due or under way, so a
 * request made right after a save reaches the new code.
 *
 *   const api = createApiSupervisor({ root, site, dataDir, events });
 *   await api.start();                        // ready or failed: events say which
 *   api.changed('plugins/wish/server.ts', 'restart');
 *   await api.url();                          // 'http://127.0.0.1:40123/' once settled, null while down
 *   await api.stop();
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ApiChildOptions, ChildMessage, ParentMessage } from './api-protocol';
import { describeChanges, type ChangeEffect } from './watch-rules';

export interface SupervisorEvents {
  restarting(reason: string): void;
  ready(info: { url: string; notes: string[]; ms: number; first: boolean }): void;
  /** The API did not start; it restarts on the next change. */
  failed(message: string): void;
  /** The API stopped on its own after it was ready. */
  exited(code: number | null, signal: NodeJS.Signals | null): void;
}

export interface SupervisorOptions extends ApiChildOptions {
  events: SupervisorEvents;
  env?: NodeJS.ProcessEnv;
  /** Quiet time after the last change before restarting (a scaffold writes many files). */
  debounceMs?: number;
  /** How long a stopping child gets before SIGKILL. */
  stopGraceMs?: number;
  /** Starts one child (tests pass a fake). */
  spawn?: (options: ApiChildOptions, env: NodeJS.ProcessEnv | undefined) => ChildProcess;
}

export interface ApiSupervisor {
  start(): Promise<void>;
  changed(file: string, effect: Exclude<ChangeEffect, null>): void;
  /** The API's URL once no restart is due or under way; null when it is down or no answer comes in time. */
  url(timeoutMs?: number): Promise<string | null>;
  /** index.html with the bootstrap `storefront start` would write into it now; null when the API cannot say. */
  page(html: string): Promise<string | null>;
  stop(): Promise<void>;
}

const CHILD_ENTRY = fileURLToPath(new URL('./api-child.js', import.meta.url));
const PAGE_TIMEOUT_MS = 10_000;

export const forkApiChild = (options: ApiChildOptions, env: NodeJS.ProcessEnv | undefined): ChildProcess =>
  fork(CHILD_ENTRY, [JSON.stringify(options)], {
    cwd: options.root,
    env,
    execArgv: [],
    // Its own process group: a Ctrl-C in the terminal reaches the parent, which stops it in order.
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

type State = 'idle' | 'starting' | 'running' | 'down' | 'stopped';

export function createApiSupervisor(options: SupervisorOptions): ApiSupervisor {
  const { events } = options;
  const debounceMs = options.debounceMs ?? 300;
  const spawn = options.spawn ?? forkApiChild;
  const childOptions: ApiChildOptions = {
    root: options.root,
    site: options.site,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    uploadsDir: options.uploadsDir,
  };

  let state: State = 'idle';
  let child: ChildProcess | null = null;
  let apiUrl: string | null = null;
  let everReady = false;
  let pending: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  let cycle: Promise<void> | null = null;
  let waiters: (() => void)[] = [];
  let nextRequest = 0;
  const requests = new Map<number, (html: string | null) => void>();
  const stopping = new WeakSet<ChildProcess>();
  const exits = new WeakMap<ChildProcess, Promise<void>>();

  const isStopped = () => state === 'stopped';
  const settled = () => state === 'stopped' || (timer === null && cycle === null && state !== 'starting' && state !== 'idle');
  const notify = () => {
    if (!settled()) return;
    const released = waiters;
    waiters = [];
    for (const release of released) release();
  };

  function boot(): Promise<void> {
    state = 'starting';
    const startedAt = Date.now();
    const proc = spawn(childOptions, options.env);
    child = proc;
    let failure: string | null = null;
    let booted = false;
    return new Promise<void>((resolve) => {
      const exited = new Promise<void>((done) => {
        let gone = false;
        const onGone = (code: number | null, signal: NodeJS.Signals | null) => {
          if (gone) return;
          gone = true;
          if (child === proc) {
            child = null;
            apiUrl = null;
          }
          for (const [id, reply] of requests) {
            requests.delete(id);
            reply(null);
          }
          if (state !== 'stopped' && !stopping.has(proc)) {
            state = 'down';
            if (booted) events.exited(code, signal);
            else events.failed(failure ?? `the API exited (${signal ?? `code ${code}`}) before it was ready`);
          }
          done();
          resolve();
        };
        proc.once('exit', onGone);
        proc.once('error', (error) => {
          failure ??= error.message;
          // A child that never spawned emits no exit.
          if (proc.pid === undefined) onGone(null, null);
        });
      });
      exits.set(proc, exited);
      proc.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') {
          booted = true;
          if (state === 'stopped' || child !== proc) return resolve();
          state = 'running';
          apiUrl = message.url;
          events.ready({ url: message.url, notes: message.notes, ms: Date.now() - startedAt, first: !everReady });
          everReady = true;
          resolve();
        } else if (message.type === 'failed') {
          failure = message.message;
        } else if (message.type === 'page') {
          const reply = requests.get(message.id);
          requests.delete(message.id);
          reply?.(message.html ?? null);
        }
      });
    });
  }

  async function stopChild(proc: ChildProcess): Promise<void> {
    stopping.add(proc);
    const exited = exits.get(proc) ?? Promise.resolve();
    if (proc.exitCode !== null || proc.signalCode !== null) return exited;
    proc.kill('SIGTERM');
    let grace: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => {
        grace = setTimeout(() => resolve(false), options.stopGraceMs ?? 5_000);
      }),
    ]);
    clearTimeout(grace);
    if (!inTime) {
      proc.kill('SIGKILL');
      await exited;
    }
  }

  async function restartLoop(): Promise<void> {
    while (pending.length > 0 && state !== 'stopped') {
      const files = pending;
      pending = [];
      events.restarting(describeChanges(files));
      if (child) await stopChild(child);
      // stop() may have come while the old child was stopping.
      if (isStopped()) break;
      await boot();
    }
  }

  return {
    async start() {
      await boot();
      notify();
    },

    changed(file, effect) {
      if (state === 'stopped' || state === 'idle') return;
      // A running API reloads its site file itself (and a due restart reads it anew); a restart
      // helps only an API that is down, or starting and perhaps reading the file as it was.
      if (effect === 'site' && state === 'running') return;
      pending.push(file);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        cycle ??= restartLoop().finally(() => {
          cycle = null;
          notify();
        });
      }, debounceMs);
    },

    async url(timeoutMs = 60_000) {
      if (!settled()) {
        let timeout: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => waiters.push(resolve)),
          new Promise<void>((resolve) => {
            timeout = setTimeout(resolve, timeoutMs);
          }),
        ]);
        clearTimeout(timeout);
      }
      return state === 'running' ? apiUrl : null;
    },

    async page(html) {
      const url = await this.url();
      const proc = child;
      if (!url || !proc?.connected) return null;
      const id = ++nextRequest;
      return new Promise<string | null>((resolve) => {
        const timeout = setTimeout(() => {
          requests.delete(id);
          resolve(null);
        }, PAGE_TIMEOUT_MS);
        requests.set(id, (reply) => {
          clearTimeout(timeout);
          resolve(reply);
        });
        const message: ParentMessage = { type: 'page', id, html };
        proc.send(message, (error) => {
          if (error) requests.get(id)?.(null);
        });
      });
    },

    async stop() {
      state = 'stopped';
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
      notify();
      if (child) await stopChild(child);
      await cycle;
    },
  };
}
