import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { fakeProject, fanPlugin, wishPlugin, type FakePlugin } from './fake-project';
import { signHeaders } from './pipeline/signature';
import { testDatabase, type TestDatabase } from './test-database';
import { DemoLoginsError, startServer, type RunningServer, type StartOptions } from './server';

/**
 * A plugin whose demo seed makes a login with a published password, as auth's does, and a call
 * that answers only when the test lets it (an in-flight request holds a shutdown open).
 */
const doorPlugin: FakePlugin = {
  descriptor: { id: 'door', version: '1.0.0' },
  server: `
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

const DOOR = { username: 'door', password: 'door12345' };
const wait = defineCall({ path: '/api/door/wait', payload: z.object({}), reply: shape<{ ok: boolean }>(), summary: 'Wait' });

export default defineServerPlugin(descriptor, {
  routes(api) {
    api.handle(wait, async () => {
      const hold = (globalThis as { doorHold?: { entered(): void; released: Promise<void> } }).doorHold;
      hold?.entered();
      await hold?.released;
      return { ok: true };
    });
  },
  seed: async ({ services }) => {
    await services.users.create({ ...DOOR, ip: '127.0.0.1' });
    return ['Door: door / door12345'];
  },
  demoLogins: [DOOR],
});
`,
};

const project = fakeProject({ wish: wishPlugin, fan: fanPlugin, door: doorPlugin });
const APP = { key: 'k', secret: 's' };
project.write('config/sites/default.json', JSON.stringify({ app: APP, plugins: { wish: { enabled: true }, fan: { enabled: true }, door: { enabled: true } } }));
const dataDirs: string[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  delete (globalThis as { doorHold?: unknown }).doorHold;
  project.remove();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

function freshStart(overrides: Partial<StartOptions> = {}) {
  const printed: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-start-'));
  dataDirs.push(dataDir);
  // SQLite in the data folder, or a fresh schema under `npm run test:pg`.
  const database = testDatabase(dataDir, 'default.sqlite');
  databases.push(database);
  const options: StartOptions = { root: project.root, dataDir, databaseUrl: database.url, port: 0, handleSignals: false, logger: createLogger({ level: 'silent' }), print: (l) => printed.push(l), ...overrides };
  return { printed, options, start: (more: Partial<StartOptions> = {}) => startServer({ ...options, ...more }) };
}

/** A request in flight that answers when `release()` is called: a close waits for it. */
async function holdClose(server: RunningServer) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let entered = () => {};
  const inFlight = new Promise<void>((resolve) => (entered = resolve));
  (globalThis as { doorHold?: unknown }).doorHold = { entered, released };
  const answered = fetch(`${server.url}api/door/wait`, { method: 'POST', headers: { 'content-type': 'application/json', ...signHeaders(APP, Date.now()) }, body: '{}' });
  await inFlight;
  return {
    async release() {
      release();
      const response = await answered;
      expect((await response.json()).data).toEqual({ ok: true });
      return response;
    },
  };
}

describe('startServer', () => {
  it('opens a shop empty: migrated, no demo seeded, and says how to make the first staff member', async () => {
    const { printed, options, start } = freshStart();
    const server = await start();
    try {
      if (!options.databaseUrl) expect(fs.existsSync(path.join(options.dataDir!, 'default.sqlite'))).toBe(true);
      const { db } = server.app.storefront;
      expect(await db.selectFrom('kernel_seed').select('plugin').execute()).toEqual([]);
      expect(await db.selectFrom('kernel_user').select('username').execute()).toEqual([]);
      expect(server.notes).toEqual(['No staff account yet: create the first with `storefront user add <username> --staff`.']);
      expect(printed).toContain('  No staff account yet: create the first with `storefront user add <username> --staff`.');
      const response = await fetch(`${server.url}api/index/index`, { method: 'POST', headers: signHeaders(APP, Date.now()) });
      expect((await response.json()).data.plugins.map((p: { id: string }) => p.id)).toEqual(['door', 'wish', 'fan']);
    } finally {
      await server.close();
    }
  });

  it('with demo, seeds once and prints the seed notes on every start', async () => {
    const { printed, start } = freshStart({ demo: true });
    const first = await start();
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await first.close();
    const second = await start();
    await second.close();
    expect(printed.filter((l) => l.startsWith('Storefront'))).toHaveLength(2);
    expect(printed.filter((l) => l === '  wish demo: nothing to log in with')).toHaveLength(2);
    expect(second.notes).toEqual(['Door: door / door12345', 'wish demo: nothing to log in with', 'fan demo seeded']);
    // The fake project has no dist/: the start says so instead of serving a blank page silently.
    expect(printed.filter((l) => l.includes('The app is not built yet'))).toHaveLength(2);
  });

  it('refuses a database whose demo login still opens with its published password, until it is changed', async () => {
    const { start } = freshStart();
    await (await start({ demo: true })).close();

    const refusal = await start().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DemoLoginsError);
    expect((refusal as DemoLoginsError).logins).toEqual(['door / door12345']);
    expect((refusal as DemoLoginsError).remedies[0]).toContain('storefront user password <username>');

    // Still fine as the demo shop; then the operator gives the account a password of their own.
    const demo = await start({ demo: true });
    const { db, services } = demo.app.storefront;
    const door = await services.users.find(db, { username: 'door' });
    await services.users.update(db, door!.id, { password: 'n3w-secret-1' });
    await demo.close();

    const shop = await start();
    // The demo's notes (its logins) are not printed to a shop.
    expect(shop.notes).toEqual(['No staff account yet: create the first with `storefront user add <username> --staff`.']);
    await shop.close();
  });
});

describe('health', () => {
  it('answers /healthz and /readyz unsigned, and /readyz 503 once a shutdown begins', async () => {
    const server = await freshStart().start();
    expect(await (await fetch(`${server.url}healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok' }]);

    const held = await holdClose(server);
    const closed = server.close();
    const during = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect([during.statusCode, during.json()]).toEqual([503, { status: 'closing' }]);
    await held.release();
    await closed;
  });

  it('answers /readyz 503 naming the migrations the database lacks', async () => {
    const server = await freshStart().start();
    try {
      const { db } = server.app.storefront;
      const [first] = await db.selectFrom('kernel_migration').select('name').orderBy('name').limit(1).execute();
      await db.deleteFrom('kernel_migration').where('name', '=', first.name).execute();
      const response = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'migrating', pending: [first.name] });
    } finally {
      await server.close();
    }
  });

  it('answers /readyz 503 when the database does not answer', async () => {
    const server = await freshStart().start();
    await server.app.storefront.db.destroy();
    const response = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect([response.statusCode, response.json()]).toEqual([503, { status: 'unavailable' }]);
    await server.close().catch(() => {});
  });
});

describe('shutdown', () => {
  it('ends the process with code 1 when closing outlasts the timeout', async () => {
    let exited: (code: number) => void = () => {};
    const exitCode = new Promise<number>((resolve) => (exited = resolve));
    const server = await freshStart({ shutdownTimeoutMs: 50, exit: (code) => exited(code) }).start();
    const held = await holdClose(server);
    const shutdown = server.shutdown('SIGTERM');
    expect(await exitCode).toBe(1);
    await held.release();
    await shutdown;
  });

  it('answers a request in flight, closing its connection so the shutdown waits for no keep-alive', async () => {
    const server = await freshStart().start();
    const held = await holdClose(server);
    const shutdown = server.shutdown('SIGTERM');
    const response = await held.release();
    expect(response.headers.get('connection')).toBe('close');
    await shutdown;
    expect(server.app.server.listening).toBe(false);
  });

  it('leaves the process alone when closing finishes in time', async () => {
    const exits: number[] = [];
    const server = await freshStart({ shutdownTimeoutMs: 60_000, exit: (code) => exits.push(code) }).start();
    await server.shutdown('SIGTERM');
    expect(exits).toEqual([]);
    expect(server.app.server.listening).toBe(false);
  });
});
