import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from './lcp';
import type { Child } from './processes';
import { startStorefront } from './storefront-server';
async function main() {
  const children: Child[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-js-'));
  const browser = await launch();
  try {
    const { base } = await startStorefront('/work/main', dataDir, { timeoutMs: 90_000, track: (c) => children.push(c) });
    for (let i = 0; i < 4; i++) {
      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      const seen: string[] = [];
      page.on('request', (r) => { const u = r.url(); if (u.includes('/api/seckill')) seen.push(`${r.method()} ${u.replace(base, '/')}`); });
      page.on('console', (m) => { if (m.text().includes('SECKILL')) seen.push(`console: ${m.text().slice(0, 300)}`); });
      await page.goto(new URL('#/', base).toString(), { waitUntil: 'networkidle' });
      console.log(i, seen);
      await context.close();
    }
  } finally {
    await browser.close();
    await Promise.all(children.map((c) => c.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
