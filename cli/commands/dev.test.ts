/**
 * `storefront dev` run for real in a copy of the project: one URL serving the app through Vite
 * with the bootstrap, signed calls forwarded to the API, the API restarted when a plugin folder
 * appears or waiting when it cannot start, and a clean stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapInPage, type Bootstrap } from '@kernel/core/bootstrap';
import { descriptorSource } from '@kernel/server/fake-project';
import { signHeaders } from '@kernel/server/pipeline/signature';
import { copyProject } from '../../tests/cli/project-copy';
import { delay, freePort, watchOutput } from '../../tests/bench/processes';
import { setPluginEnabled, writeSiteText } from '../sites';

const copy = copyProject();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-dev-data-'));
const app = (JSON.parse(copy.read('config/sites/default.json')) as { app: { key: string; secret: string } }).app;

/** A plugin with a server side only, modeled on the kernel's fake plugins; `answer` tells versions apart. */
const helloPlugin = (answer: string) => `
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

const ping = defineCall({ path: '/api/hello/ping', payload: z.object({}), reply: shape<{ answer: string }>(), summary: 'Ping' });

export default defineServerPlugin(descriptor, {
  routes(api) {
    api.handle(ping, () => ({ answer: '${answer}' }));
  },
});
`;

interface Dev {
  process: ChildProcess;
  output(): string;
  /** Waits until the output written after `from` matches. */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

function startDev(args: string[]): Dev {
  const child = spawn(process.execPath, [path.join(copy.root, 'cli', 'bin.js'), 'dev', ...args], {
    cwd: copy.root,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, PORT: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = watchOutput(child, 'storefront dev');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    output: output.text,
    exited,
    waitFor: (pattern, from = 0, timeoutMs = 120_000) => output.until((text) => text.slice(from).match(pattern), `printing ${pattern}`, timeoutMs),
  };
}

/** The processes whose parent is `pid` (Linux). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const commandOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return `(${pid} gone)`;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function call(url: string, pathName: string) {
  const response = await fetch(new URL(pathName, url), { method: 'POST', headers: { ...signHeaders(app, Date.now()), 'Content-Type': 'application/json' }, body: '{}' });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as { code: number; data: unknown }) : null };
}

let dev: Dev;
let url = '';

beforeAll(async () => {
  dev = startDev(['--port', String(await freePort()), '--data-dir', dataDir]);
  url = (await dev.waitFor(/is running at (http:\/\/\S+)/))[1];
  // The announcement's last line: the notes between may arrive in a later chunk of the pipe.
  await dev.waitFor(/Watching for changes/);
}, 180_000);

afterAll(async () => {
  if (dev.process.exitCode === null) {
    dev.process.kill('SIGKILL');
    for (const pid of childrenOf(dev.process.pid as number)) process.kill(pid, 'SIGKILL');
  }
  copy.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('storefront dev', () => {
  it('prints one URL, the demo logins and that it watches for changes', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(dev.output()).toContain('Demo shopper');
    expect(dev.output()).toContain('Watching for changes');
    // The API's internal port is not the URL to open.
    expect(dev.output()).not.toContain('Server listening at');
  });

  it('serves the app through Vite with the bootstrap the production server writes', async () => {
    const html = await (await fetch(url, { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('/@vite/client');
    expect(html).not.toContain('<!--bootstrap-->');
    const bootstrap = bootstrapInPage(html) as Required<Bootstrap>;
    expect(bootstrap).toMatchObject({ site: 'default', appKey: app.key, appSecret: app.secret });
    // The enabled plugins come as their descriptors in the index reply.
    expect(bootstrap.index.plugins.map((p) => p.id)).toEqual(expect.arrayContaining(['goods', 'home']));
    expect(bootstrap.index.plugins.find((p) => p.id === 'goods')?.routes).toEqual(expect.arrayContaining([expect.objectContaining({ page: 'detail' })]));
    expect(Object.keys(bootstrap.data)).toContain('home');
  }, 60_000);

  it('forwards signed calls and uploads to the API', async () => {
    expect((await call(url, '/api/index/index')).body?.code).toBe(1);
    const banner = await fetch(new URL('/uploads/seed/banner-1.jpg', url));
    expect(banner.status).toBe(200);
  }, 60_000);

  it('restarts the API when a new plugin folder appears, which then answers its call', async () => {
    expect((await call(url, '/api/hello/ping')).status).toBe(404);
    const from = dev.output().length;
    copy.write('plugins/hello/plugin.ts', descriptorSource({ id: 'hello', version: '0.1.0' }));
    copy.write('plugins/hello/server.ts', helloPlugin('v1'));
    writeSiteText(copy.root, 'default', setPluginEnabled(copy.read('config/sites/default.json'), 'hello', true));
    // Both files of the new folder come in one restart (debounced), named by the first seen.
    await dev.waitFor(/plugins\/hello\/(plugin|server)\.ts( and 1 more file)? changed: restarting the API/, from);
    // The forwarded call waits for the restart under way.
    expect((await call(url, '/api/hello/ping')).body).toMatchObject({ code: 1, data: { answer: 'v1' } });
    await dev.waitFor(/API ready/, from);
  }, 180_000);

  it('reports an API that cannot start and restarts it on the next change', async () => {
    const from = dev.output().length;
    copy.write('plugins/hello/server.ts', `${helloPlugin('v2')}\nexport const broken = ;\n`);
    await dev.waitFor(/the API cannot start:[\s\S]*plugins\/hello\/server\.ts[\s\S]*Waiting for a change/, from);
    expect(dev.process.exitCode).toBeNull();
    expect((await call(url, '/api/index/index')).status).toBe(503);

    const fixed = dev.output().length;
    copy.write('plugins/hello/server.ts', helloPlugin('v3'));
    await dev.waitFor(/API ready/, fixed);
    expect((await call(url, '/api/hello/ping')).body).toMatchObject({ code: 1, data: { answer: 'v3' } });
  }, 240_000);

  it('leaves client-only edits to Vite without restarting the API', async () => {
    const from = dev.output().length;
    copy.write('plugins/hello/pages/hello.page.tsx', 'export default function Hello() { return null; }\n');
    // The watcher has seen it once a later server change is reported alone.
    copy.write('plugins/hello/service.ts', 'export const answer = 1;\n');
    await dev.waitFor(/plugins\/hello\/service\.ts changed/, from);
    // Vite itself may name the page (the app finds pages by a glob); no API restart does.
    const restarts = dev.output().slice(from).split('\n').filter((line) => line.includes('restarting the API'));
    expect(restarts.length).toBeGreaterThan(0);
    expect(restarts.join('\n')).not.toContain('hello.page.tsx');
    await dev.waitFor(/API ready/, from);
  }, 180_000);

  it('stops on SIGTERM with exit code 0 and leaves no API process behind', async () => {
    const children = childrenOf(dev.process.pid as number);
    expect(children.length).toBeGreaterThan(0);
    expect(children.map(commandOf).some((command) => command.includes('api-child.js'))).toBe(true);
    dev.process.kill('SIGTERM');
    expect(await dev.exited).toBe(0);
    // tsx's esbuild service ends when it sees its parent's pipe close: allow it a moment.
    for (let i = 0; i < 50 && children.some(alive); i++) await delay(100);
    expect(children.filter(alive).map(commandOf)).toEqual([]);
  }, 60_000);
});

describe('storefront dev on a taken port', () => {
  it('refuses with exit code 3 and one line naming the port', async () => {
    const server = net.createServer();
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
    try {
      const result = await copy.storefront('dev', '--port', String(port), '--data-dir', dataDir);
      expect(result.code).toBe(3);
      expect(result.stderr.trim()).toBe(`✖ port ${port} on 127.0.0.1 is already in use (another storefront dev?); choose another with --port or PORT`);
    } finally {
      server.close();
    }
  }, 120_000);
});
