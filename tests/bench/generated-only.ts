/**
 * `tsx tests/bench/generated-only.ts` (after `npm run build`): only the bench's "20 generated
 * plugins" figure — this checkout's home JS, then the same in a temporary copy with the plugins
 * generated, built and enabled (./plugin-count.ts) — a quick check while working on the entry's size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyProject } from '../cli/project-copy';
import { coldHomeJs } from './home-js';
import { launch } from './lcp';
import { benchPluginCount } from './plugin-count';
import type { Child } from './processes';
import { startStorefront } from './storefront-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COUNT = Number(process.env.GENERATED_PLUGINS ?? 20);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

async function main(): Promise<void> {
  const children: Child[] = [];
  const track = (child: Child) => children.push(child);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-generated-'));
  const copy = copyProject();
  const browser = await launch();
  try {
    const here = await startStorefront(ROOT, dataDir, { timeoutMs: 90_000, track });
    const before = await coldHomeJs(browser, here.base, path.join(ROOT, 'dist'));
    await here.child.stop();
    const after = await benchPluginCount({ copy, dataDir: path.join(copy.root, 'bench-data'), browser, track, startTimeoutMs: 90_000 }, COUNT);
    process.stdout.write(`home JS: ${kb(before.gzip)} in ${before.scripts.length} scripts; with ${COUNT} generated plugins: ${kb(after.home.gzip)} in ${after.home.scripts.length} (+${kb(after.home.gzip - before.gzip)})\n`);
  } finally {
    await browser.close();
    await Promise.all(children.map((c) => c.stop()));
    copy.remove();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`generated plugins bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
