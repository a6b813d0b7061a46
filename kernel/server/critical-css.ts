/**
 * The rules the static first paint (./first-paint.ts) needs, inlined so that it paints before
 * any stylesheet has arrived. Beasties (the maintained fork of Critters) keeps the rules of the
 * built stylesheets whose selectors match the paint's elements, plus `:root`, `html` and `body`.
 *
 * A paint's rules depend on its elements and classes, not on its words or pictures, so the result
 * is kept per shape (the paint without its text and the values of its content attributes)
 * and per stylesheet list: a new banner or title costs nothing, a new build or layout one pass.
 */
import Beasties from 'beasties';
import { escapeHtml } from './html';

export type CriticalCss = (paint: string, styles: readonly string[]) => Promise<string>;

/** A handful of shapes at most (one per theme and layout); the bound only guards against a leak. */
const MAX_SHAPES = 32;

/** The paint without what no selector of the kit reads: its text, pictures, links and inline styles. */
export function paintShape(paint: string): string {
  return paint.replace(/>[^<]+</g, '><').replace(/\s(src|alt|href|title|style)="[^"]*"/g, ' $1');
}

/**
 * `distDir` holds the built assets the `styles` URLs name (`/assets/x.css` → `<distDir>/assets/x.css`).
 * Resolves to '' when there is nothing to inline (the stylesheets cannot be read, or it failed): the
 * page then waits for its stylesheets, as without a paint.
 */
export function createCriticalCss(distDir: string, log: { warn(message: string): void }): CriticalCss {
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    logLevel: 'silent',
    // Only the inlined rules are taken from its answer; the page writes its own links.
    pruneSource: false,
    inlineFonts: false,
    preloadFonts: false,
    reduceInlineStyles: false,
    compress: true,
  });
  const cache = new Map<string, Promise<string>>();

  const compute = async (paint: string, styles: readonly string[]): Promise<string> => {
    const links = styles.map((url) => `<link rel="stylesheet" href="${escapeHtml(url)}">`).join('');
    // The paint's own style and script are not the kit's: only its elements are matched.
    const elements = paint.replace(/<(style|script)>[\s\S]*?<\/\1>/g, '');
    const html = await beasties.process(`<!doctype html><html><head>${links}</head><body>${elements}</body></html>`);
    return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
  };

  return (paint, styles) => {
    const key = `${styles.join(' ')}\n${paintShape(paint)}`;
    let rules = cache.get(key);
    if (!rules) {
      if (cache.size >= MAX_SHAPES) cache.delete(cache.keys().next().value as string);
      rules = compute(paint, styles).catch((error: unknown) => {
        log.warn(`cannot inline the first paint's styles: ${(error as Error).message}`);
        cache.delete(key);
        return '';
      });
      cache.set(key, rules);
    }
    return rules;
  };
}
