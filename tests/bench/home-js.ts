/**
 * The home route's JS as a shopper's first visit meets it: every script one cold load of `/#/`
 * fetches until the network is idle (the same loads as the LCP figure), gzip sizes of the built
 * files behind them. Each load is measured on its own and the figure is the median load's, not
 * the union of all loads: a chunk one load happens to fetch late would otherwise count although
 * no single visit downloads the union. The loads are in the demo site's language (zh-Hans).
 */
import type { Browser } from '@playwright/test';
import { gzipByFile, loadedAssets } from './bundle';
import { median } from './http';
import { DEMO_LANGUAGE, measureLcp } from './lcp';

export interface HomeJs {
  /** The language of the loads (the browser's locale picks it). */
  language: string;
  /** gzip bytes of every load's scripts, in load order. */
  loads: number[];
  /** Which of them is the median load (index into `loads`). */
  medianLoad: number;
  /** The median load's scripts. */
  scripts: string[];
  /** gzip bytes of `scripts` */
  gzip: number;
  /** gzip bytes of each script */
  sizes: Record<string, number>;
  /** Bytes on the wire of each load: the document, scripts, styles, pictures and calls. */
  transferredLoads: number[];
  /** Their median. */
  transferred: number;
}

/** The median load (the lower middle one of an even count) of cold loads' script URLs. */
export function homeJsOf(loads: readonly { scripts: string[]; transferred: number }[], distDir: string, language = DEMO_LANGUAGE.language): HomeJs {
  if (loads.length === 0) throw new Error('no cold load of /#/ to measure the home JS of');
  const measured = loads.map((load) => {
    const scripts = loadedAssets(load.scripts, '.js');
    const sizes = gzipByFile(distDir, scripts);
    return { scripts, sizes, gzip: Object.values(sizes).reduce((total, size) => total + size, 0) };
  });
  const medianLoad = measured.map((m, i) => ({ gzip: m.gzip, i })).sort((a, b) => a.gzip - b.gzip)[Math.floor((measured.length - 1) / 2)].i;
  const transferredLoads = loads.map((load) => load.transferred);
  return { language, loads: measured.map((m) => m.gzip), medianLoad, ...measured[medianLoad], transferredLoads, transferred: median(transferredLoads) };
}

export async function coldHomeJs(browser: Browser, base: string, distDir: string, loads = 3): Promise<HomeJs> {
  const samples: { scripts: string[]; transferred: number }[] = [];
  for (let i = 0; i < loads; i += 1) samples.push(await measureLcp(browser, new URL('#/', base).toString(), 1));
  return homeJsOf(samples, distDir);
}
