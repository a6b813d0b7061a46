/**
 * Child processes of the bench: each server runs in its own process (and process group), so the
 * load generator never shares an event loop with what it measures, and stopping a group also
 * stops anything the child started. What a child writes goes to a file, as a shop's log goes to
 * its collector: piped into the bench, a storefront's line per request cost the load generator
 * CPU that a silent bare route never did.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Child {
  name: string;
  process: ChildProcess;
  /** The last lines it wrote (stdout and stderr), for the failure message. */
  output(): string;
  stop(): Promise<void>;
}

const KEEP_OUTPUT_CHARS = 8_000;
const STOP_GRACE_MS = 3_000;

let children = 0;

/** The last `chars` bytes of a file, as text ('' when it is gone). */
function tailOf(file: string, chars: number): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return '';
  }
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(size, chars));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString();
  } finally {
    closeSync(fd);
  }
}

export function startChild(name: string, command: string, args: string[], cwd: string): Child {
  // STOREFRONT_BENCH_LOG=<file>: every child's whole output is appended there (to read a 5xx's cause); else a file of its own, removed when it stops.
  const shared = process.env.STOREFRONT_BENCH_LOG;
  const file = shared ?? path.join(os.tmpdir(), `storefront-bench-${process.pid}-${(children += 1)}.log`);
  const fd = openSync(file, 'a');
  // detached: the child leads a new process group, which `stop` signals as a whole.
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', fd, fd], env: { ...process.env, NO_COLOR: '1' } });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      signalGroup(child.pid, 'SIGTERM');
      const graceful = await Promise.race([exited.then(() => true), delay(STOP_GRACE_MS).then(() => false)]);
      if (!graceful) {
        signalGroup(child.pid, 'SIGKILL');
        await exited;
      }
    })().finally(() => {
      if (!shared) rmSync(file, { force: true });
    });
    return stopping;
  };
  return { name, process: child, output: () => tailOf(file, KEEP_OUTPUT_CHARS), stop };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Polls `probe` until it answers true; fails early, with the child's output, if the child dies. */
export async function waitUntilReady(child: Child, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.name} exited (${child.process.exitCode ?? child.process.signalCode}) before answering:\n${child.output()}`);
    }
    if (await probe().catch(() => false)) return;
    await delay(200);
  }
  throw new Error(`${child.name} did not answer within ${timeoutMs / 1000} s:\n${child.output()}`);
}

export interface OutputWatch {
  /** Everything the child wrote so far, stdout and stderr together. */
  text(): string;
  /**
   * Resolves with `find(text)` once it is truthy, looking again each time the child writes; fails,
   * with the output, when the child's pipes close without it or after `timeoutMs`.
   */
  until<T>(find: (text: string) => T | null | undefined | false, what: string, timeoutMs: number): Promise<T>;
}

/** Follows what a child writes, so a test waits for a line instead of polling for it. */
export function watchOutput(child: ChildProcess, name: string): OutputWatch {
  let text = '';
  let ended = false;
  const lookers = new Set<() => void>();
  const look = () => lookers.forEach((again) => again());
  const take = (chunk: Buffer) => {
    text += chunk.toString();
    look();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  child.once('close', () => {
    ended = true;
    look();
  });
  return {
    text: () => text,
    until: (find, what, timeoutMs) =>
      new Promise((resolve, reject) => {
        const finish = (error: Error | null, found?: unknown) => {
          lookers.delete(again);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve(found as never);
        };
        const again = () => {
          const found = find(text);
          if (found) finish(null, found);
          else if (ended) finish(new Error(`${name} ended before ${what}; its output:\n${text}`));
        };
        const timer = setTimeout(() => finish(new Error(`${name}: ${what}: not within ${timeoutMs / 1000} s; its output:\n${text}`)), timeoutMs);
        lookers.add(again);
        again();
      }),
  };
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * CPU seconds (user + system) the processes of one group have used so far, from /proc (Linux):
 * the storefront's `cli/bin.js` and whatever it starts. Null where /proc is not there.
 */
export function groupCpuSeconds(groupId: number): number | null {
  let ticks = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // It ended meanwhile.
      }
      // After the command's ")": state, ppid, pgrp, … utime (12th), stime (13th), in clock ticks.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/** USER_HZ: 100 on every Linux the bench runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
