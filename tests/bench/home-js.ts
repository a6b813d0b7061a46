/**
 * The home route's JS as a shopper's first visit meets it: every script cold loads of `/#/`
 * fetch until the network is idle (the same loads as the LCP figure, unthrottled), gzip sizes of
 * the built files behind them. The union of the loads guards against one load racing a lazy chunk.
 */
import type { Browser } from '@playwright/test';
import { gzipByFile, loadedAssets } from './bundle';
import { measureLcp } from './lcp';

export interface HomeJs {
  scripts: string[];
  /** gzip bytes of `scripts` */
  gzip: number;
  /** gzip bytes of each script */
  sizes: Record<string, number>;
}

export async function coldHomeJs(browser: Browser, base: string, distDir: string, loads = 2): Promise<HomeJs> {
  const urls: string[] = [];
  for (let i = 0; i < loads; i += 1) urls.push(...(await measureLcp(browser, new URL('#/', base).toString(), 1)).scripts);
  const scripts = loadedAssets(urls, '.js');
  const sizes = gzipByFile(distDir, scripts);
  return { scripts, gzip: Object.values(sizes).reduce((total, size) => total + size, 0), sizes };
}
