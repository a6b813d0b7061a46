/**
 * Several real `storefront start` processes on one PostgreSQL schema, for the multi-node tests:
 * each node is its own Node process on its own port, as behind a load balancer. The test talks
 * to them over HTTP (signed like the app) and reads the database directly to check the books.
 *
 *   const shop = await startShop(2);          // a project copy, a fresh schema, two nodes
 *   await shop.call(0, '/api/goods/lists', {}); // to node 0
 *   shop.kill(1);                              // SIGKILL: no goodbye
 *   await shop.close();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@kernel/server/db';
import type { Db } from '@kernel/server/plugin';
import { signHeaders } from '@kernel/server/pipeline/signature';
import { testDatabase, type TestDatabase } from '@kernel/server/test-database';
import { watchOutput } from '../bench/processes';
import { copyProject, type ProjectCopy } from '../cli/project-copy';

export interface ShopNode {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the node printed (at debug level: each background job turn too). */
  output(): string;
  /** Resolves once `seen(output())` holds, looking each time the node prints; fails when it exits or after `timeoutMs`. */
  printed(seen: (output: string) => boolean, what: string, timeoutMs?: number): Promise<void>;
}

export interface Reply<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T };
}

export interface Shop {
  nodes: ShopNode[];
  url: string;
  copy: ProjectCopy;
  /** The test's own connection to the shop's database. */
  db: Db;
  call<T = unknown>(node: number, path: string, payload?: unknown, token?: string): Promise<Reply<T>>;
  /** Starts one more node and waits until it answers. */
  start(): Promise<ShopNode>;
  /** Starts node `index` again (after `kill`), on a new port. */
  restart(index: number): Promise<ShopNode>;
  kill(node: number): Promise<void>;
  close(): Promise<void>;
}

const APP = { key: 'storefront-demo', secret: 'd3m0-s3cr3t-not-a-boundary' };

export async function startShop(count: number): Promise<Shop> {
  const copy = copyProject();
  const database: TestDatabase = testDatabase(copy.root);
  if (!database.url) throw new Error('the multi-node tests need STOREFRONT_TEST_DATABASE_URL (a PostgreSQL)');
  const url = database.url;
  const nodes: ShopNode[] = [];
  const uploadsDir = path.join(copy.root, 'shared-uploads');

  const spawnNode = async (index: number): Promise<ShopNode> => {
    const dataDir = path.join(copy.root, `data-node-${index}`);
    fs.mkdirSync(dataDir, { recursive: true });
    const child = spawn(
      process.execPath,
      [path.join(copy.root, 'cli', 'bin.js'), 'start', '--demo', '--port', '0', '--data-dir', dataDir, '--database-url', url, '--uploads-dir', uploadsDir, '--log-level', 'debug'],
      { cwd: copy.root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = watchOutput(child, `node ${index}`);
    const started = await output.until((text) => /is running at (http:\/\/\S+?)\/?\s/.exec(text), 'it started', 60_000);
    const address = started[1];
    const node: ShopNode = {
      url: address,
      port: Number(new URL(address).port),
      process: child,
      output: output.text,
      printed: async (seen, what, timeoutMs = 60_000) => void (await output.until(seen, what, timeoutMs)),
    };
    nodes[index] = node;
    return node;
  };
  const start = () => spawnNode(nodes.length);

  for (let i = 0; i < count; i++) await start();
  const db = openDatabase(url);

  return {
    nodes,
    url,
    copy,
    db,
    start,
    restart: (index) => spawnNode(index),
    async call<T>(node: number, callPath: string, payload: unknown = {}, token?: string) {
      const response = await fetch(`${nodes[node].url}${callPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signHeaders(APP, Date.now()), ...(token ? { Token: token } : {}) },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as Reply<T>['body'] };
    },
    async kill(node) {
      const child = nodes[node].process;
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async close() {
      await Promise.all(
        nodes.map(async ({ process: child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }),
      );
      await db.destroy();
      await database.drop();
      copy.remove();
    },
  };
}
