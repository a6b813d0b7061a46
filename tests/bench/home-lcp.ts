/** The home page's LCP figures: one discarded warm-up load, then cold loads at each CPU throttle. */
import type { Browser } from '@playwright/test';
import { median } from './http';
import { measureLcp, type LcpSample } from './lcp';
import type { LcpFigures } from './report';

export async function homeLcp(browser: Browser, home: string, loads: number, throttles: readonly number[]): Promise<{ figures: LcpFigures[]; samples: LcpSample[] }> {
  // The server's first answers (JIT, file cache) are not what a shopper meets.
  await measureLcp(browser, home, 1);
  const figures: LcpFigures[] = [];
  const all: LcpSample[] = [];
  for (const throttle of throttles) {
    const samples: LcpSample[] = [];
    for (let i = 0; i < loads; i += 1) samples.push(await measureLcp(browser, home, throttle));
    const painted = samples.filter((s) => s.lcp > 0);
    const middle = painted.length ? median(painted.map((s) => s.lcp)) : Number.NaN;
    const closest = painted.reduce<LcpSample | undefined>((best, s) => (!best || Math.abs(s.lcp - middle) < Math.abs(best.lcp - middle) ? s : best), undefined);
    figures.push({
      throttle,
      samples: samples.map((s) => s.lcp),
      median: middle,
      fcpMedian: painted.length ? median(painted.map((s) => s.fcp)) : Number.NaN,
      element: closest?.element ?? 'none: no load painted',
      phases: (closest ?? samples[0]).phases,
    });
    all.push(...samples);
  }
  return { figures, samples: all };
}
