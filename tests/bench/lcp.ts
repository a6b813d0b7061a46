/** Home page LCP in Debian's headless Chromium, with and without CPU throttling. */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';


/** The bench closes the browser itself on a signal: Playwright's own handlers would exit first, leaving the servers up. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/**
 * The demo site's language: index.html says zh-Hans and i18n falls back to it; a zh-* browser
 * locale picks it. Every load of the bench is in it.
 */
export const DEMO_LANGUAGE = { locale: 'zh-CN', language: 'zh-Hans' } as const;

export interface LcpSample {
  /** ms from navigation start; 0 when the page painted no contentful element. */
  lcp: number;
  fcp: number;
  /** What the largest paint was (tag and image URL or text), to tell what dominates. */
  element: string;
  /** When the load's phases ended (ms from navigation start), to tell what dominates the LCP. */
  phases: LoadPhases;
  scripts: string[];
  stylesheets: string[];
  /** Bytes on the wire (bodies as sent, and headers) of the document and everything it fetched until the load settled. */
  transferred: number;
}

export interface LoadPhases {
  /** The last script finished downloading. */
  scriptsLoaded: number;
  domContentLoaded: number;
  /** The first API call started (the app booted) and the last one before the LCP answered. */
  firstApiCall: number;
  apiAnswered: number;
  /** The LCP image's request (0 when the LCP is text). */
  lcpImageRequested: number;
  lcpImageLoaded: number;
}

interface PaintProbe {
  lcp: number;
  fcp: number;
  element: string;
  /** performance.now() of the last LCP entry. */
  changedAt: number;
}

const LOAD_TIMEOUT_MS = 30_000;
/**
 * The LCP is final once the network is idle and no larger paint came for this long: at 4× the
 * app can parse for longer than Playwright's 500 ms network-idle window, before it paints anything.
 */
const QUIET_MS = 1_000;
const PAINT_TIMEOUT_MS = 15_000;

/** One cold load (fresh context, empty cache): LCP in ms and the scripts it fetched. */
/** `html`: the document to answer `url` with instead of the server's (the floor page); its images still come from the server. */
export async function measureLcp(browser: Browser, url: string, throttle: number, locale: string = DEMO_LANGUAGE.locale, html?: string): Promise<LcpSample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
  try {
    if (html) await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    const page = await context.newPage();
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.addInitScript(() => {
      const probe = { lcp: 0, fcp: 0, element: '', changedAt: 0 };
      (window as unknown as { __paint: typeof probe }).__paint = probe;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[]) {
          probe.lcp = entry.startTime;
          probe.changedAt = performance.now();
          const tag = entry.element?.tagName.toLowerCase() ?? '?';
          probe.element = entry.url ? `${tag} ${entry.url}` : `${tag} "${(entry.element?.textContent ?? '').trim().slice(0, 40)}"`;
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') probe.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(url, { waitUntil: 'networkidle', timeout: LOAD_TIMEOUT_MS });
    // A page that never paints keeps lcp 0; the caller leaves such loads out of the median and says so.
    await page
      .waitForFunction(
        (quiet) => {
          const probe = (window as unknown as { __paint: PaintProbe }).__paint;
          return probe.lcp > 0 && performance.now() - probe.changedAt >= quiet;
        },
        QUIET_MS,
        { timeout: PAINT_TIMEOUT_MS, polling: 100 },
      )
      .catch(() => undefined);
    const paint = await page.evaluate(() => (window as unknown as { __paint: PaintProbe }).__paint);
    const phases = await page.evaluate(readPhases, paint);
    const transferred = await page.evaluate(readTransferred);
    return { lcp: paint.lcp, fcp: paint.fcp, element: paint.element, phases, scripts, stylesheets, transferred };
  } finally {
    await context.close();
  }
}

/** Runs in the page: the document's and every resource's transfer size (all same-origin, so none reads 0). */
function readTransferred(): number {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
  return entries.reduce((total, entry) => total + entry.transferSize, 0);
}

/** Runs in the page: resource and navigation timings around the LCP. */
function readPhases(paint: PaintProbe): LoadPhases {
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const before = resources.filter((r) => r.startTime <= paint.lcp);
  const scriptEnds = before.filter((r) => /\.js(\?|$)/.test(r.name)).map((r) => r.responseEnd);
  const api = before.filter((r) => new URL(r.name).pathname.startsWith('/api/'));
  const imageUrl = paint.element.split(' ')[1] ?? '';
  const image = imageUrl.startsWith('http') ? resources.find((r) => r.name === imageUrl) : undefined;
  return {
    scriptsLoaded: Math.max(0, ...scriptEnds),
    domContentLoaded: navigation?.domContentLoadedEventEnd ?? 0,
    firstApiCall: api.length ? Math.min(...api.map((r) => r.startTime)) : 0,
    apiAnswered: Math.max(0, ...api.map((r) => r.responseEnd)),
    lcpImageRequested: image?.startTime ?? 0,
    lcpImageLoaded: image?.responseEnd ?? 0,
  };
}
