/**
 * `tsx tests/bench/lcp-only.ts` (after `npm run build`): only the home LCP figures of the bench,
 * at 1× and 4× CPU throttle, on a fresh data directory — a quick check while working on the
 * first paint. `npm run bench` measures the same way, beside everything else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { floorHtml, homeLcp, homeLcpImage } from './home-lcp';
import { launch } from './lcp';
import type { Child } from './processes';
import { startStorefront } from './storefront-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOADS = Number(process.env.LCP_LOADS ?? 5);

async function main(): Promise<void> {
  const children: Child[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-lcp-'));
  const browser = await launch();
  try {
    const { base } = await startStorefront(ROOT, dataDir, { timeoutMs: 90_000, track: (child) => children.push(child) });
    const { figures: home } = await homeLcp(browser, `${base}#/`, LOADS, [1, 4]);
    const { figures: floor } = await homeLcp(browser, `${base}bench-floor`, LOADS, [1, 4], floorHtml(await homeLcpImage(base)));
    for (const f of [...home, ...floor]) {
      process.stdout.write(`${f.page} `);
      const samples = f.samples.map((s) => Math.round(s)).join(', ');
      process.stdout.write(`${f.throttle}×: LCP median ${Math.round(f.median)} ms (${samples}), FCP ${Math.round(f.fcpMedian)} ms, ${f.element}\n`);
      process.stdout.write(`   phases ${JSON.stringify(f.phases)}\n`);
    }
  } finally {
    await browser.close();
    await Promise.all(children.map((c) => c.stop()));
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`lcp failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
