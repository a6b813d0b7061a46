/**
 * LCP figures: one discarded warm-up load, then cold loads at each CPU throttle, of the home page,
 * or of the floor: a page of nothing but the home's first banner image, which says what the
 * machine's browser needs to paint anything at that throttle.
 */
import type { Browser } from '@playwright/test';
import { median } from './http';
import { measureLcp, type LcpSample } from './lcp';
import type { LcpFigures } from './report';

/**
 * The floor page, served in place of `<site>/bench-floor`: the picture the home route paints
 * first (`image`), in the box it has there (343 × 172), and nothing else. (Chrome leaves an image
 * out of LCP when it has under 0.05 bits per pixel: a tiny picture drawn large would not count.)
 */
export const floorHtml = (image: string): string =>
  '<!doctype html><html lang="zh-Hans"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>floor</title><img src="${image}" width="343" height="172" alt="">`;

/** The home page's first preloaded picture (its first banner): what the floor page shows. */
export async function homeLcpImage(base: string): Promise<string> {
  const html = await (await fetch(base)).text();
  const image = /<link rel="preload" as="image" href="([^"]+)"/.exec(html)?.[1];
  if (!image) throw new Error(`${base} preloads no picture: the floor page needs the home's first banner`);
  return image;
}

export async function homeLcp(browser: Browser, home: string, loads: number, throttles: readonly number[], floor?: string): Promise<{ figures: LcpFigures[]; samples: LcpSample[] }> {
  // The server's first answers (JIT, file cache) are not what a shopper meets.
  await measureLcp(browser, home, 1, undefined, floor);
  const figures: LcpFigures[] = [];
  const all: LcpSample[] = [];
  for (const throttle of throttles) {
    const samples: LcpSample[] = [];
    for (let i = 0; i < loads; i += 1) samples.push(await measureLcp(browser, home, throttle, undefined, floor));
    const painted = samples.filter((s) => s.lcp > 0);
    const middle = painted.length ? median(painted.map((s) => s.lcp)) : Number.NaN;
    const closest = painted.reduce<LcpSample | undefined>((best, s) => (!best || Math.abs(s.lcp - middle) < Math.abs(best.lcp - middle) ? s : best), undefined);
    figures.push({
      page: floor ? 'floor' : 'home',
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
