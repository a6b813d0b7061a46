import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The kit's text colours meet WCAG AA (4.5:1) on the surfaces they are used on, in light and dark
 * mode, as theme.css declares them: a palette change that loses contrast fails here, before a
 * browser does (tests/e2e/contrast.e2e.ts scans the pages themselves with axe).
 */

/** Red, green, blue (0–255) and alpha (0–1). */
type Rgba = [number, number, number, number];
type Scheme = 'light' | 'dark';

// Read from disk: the test runner hands CSS imports over empty.
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'theme.css'), 'utf8');

/** The `--name: value` declarations of a block. */
function declarations(block: string): Map<string, string> {
  return new Map([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1], match[2].trim()]));
}

/** The variables in force in a scheme: those outside the dark media query, and in dark mode its own over them. */
function variables(scheme: Scheme): Map<string, string> {
  const [block, dark] = /@media \(prefers-color-scheme: dark\) \{([\s\S]*?)^\}/m.exec(css) ?? ['', ''];
  const light = declarations(css.replace(block, ''));
  return scheme === 'light' ? light : new Map([...light, ...declarations(dark)]);
}

/** The top-level comma-separated arguments of `name(…)`. */
function args(value: string, name: string): string[] {
  const inner = value.slice(name.length + 1, -1);
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  [...inner].forEach((char, i) => {
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  });
  return [...parts, inner.slice(start).trim()];
}

/** A colour as theme.css writes one: hex, `transparent`, `var(--x)` or `color-mix(in srgb, a p%, b)`. */
function colour(value: string, vars: Map<string, string>): Rgba {
  const variable = /^var\((--[\w-]+)\)$/.exec(value);
  if (variable) return colour(vars.get(variable[1]) ?? '', vars);
  if (value === 'transparent') return [0, 0, 0, 0];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  if (value.startsWith('color-mix(')) {
    const [space, first, second] = args(value, 'color-mix');
    expect(space).toBe('in srgb');
    const [a, share] = /^(.*) (\d+)%$/.exec(first)?.slice(1) ?? [first, '50'];
    return mix(colour(a, vars), colour(second, vars), Number(share) / 100);
  }
  throw new Error(`theme.css: cannot read the colour ${value}`);
}

/** CSS colour-mix in sRGB: premultiplied by alpha, as browsers do (so a mix with transparent keeps the hue). */
function mix(a: Rgba, b: Rgba, share: number): Rgba {
  const alpha = a[3] * share + b[3] * (1 - share);
  const channel = (i: number) => (a[i] * a[3] * share + b[i] * b[3] * (1 - share)) / alpha;
  return [channel(0), channel(1), channel(2), alpha];
}

/** `top` painted over an opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  return mix([top[0], top[1], top[2], 1], bottom, top[3]);
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function ratio(text: Rgba, background: Rgba): number {
  const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The colour stops of `--theme-gradient` (`linear-gradient(angle, a, b)`). */
function gradientStops(vars: Map<string, string>): Rgba[] {
  const [, ...stops] = args(vars.get('--theme-gradient') ?? '', 'linear-gradient');
  return stops.map((stop) => colour(stop, vars));
}

const WHITE: Rgba = [255, 255, 255, 1];

describe.each(['light', 'dark'] as Scheme[])('the %s palette', (scheme) => {
  const vars = variables(scheme);
  const get = (name: string) => colour(`var(${name})`, vars);
  const surfaces = { '--sf-surface': get('--sf-surface'), '--sf-bg': get('--sf-bg') };
  const cases = Object.entries(surfaces);

  it.each(cases)('has every grade of text readable on %s', (_name, surface) => {
    for (const text of ['--sf-text', '--sf-text-2', '--sf-text-3']) expect(ratio(get(text), surface), text).toBeGreaterThanOrEqual(4.5);
  });

  it.each(cases)('has theme-coloured text (prices, errors, selected items) readable on %s and on --theme-soft over it', (_name, surface) => {
    expect(ratio(get('--theme-text'), surface)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(get('--theme-text'), over(get('--theme-soft'), surface))).toBeGreaterThanOrEqual(4.5);
  });

  it('has white text readable on --theme-strong (buttons, badges, bars) and on both ends of --theme-gradient', () => {
    expect(ratio(WHITE, get('--theme-strong'))).toBeGreaterThanOrEqual(4.5);
    const stops = gradientStops(vars);
    expect(stops).toHaveLength(2);
    // Luminance is convex along a straight sRGB blend, so the ends are its extremes.
    for (const stop of stops) expect(ratio(WHITE, stop)).toBeGreaterThanOrEqual(4.5);
  });

  it('has --theme-strong readable as text on white (a white button on the theme colour)', () => {
    expect(ratio(get('--theme-strong'), WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('has the surface colour readable on --sf-text-2 (a failed chat message)', () => {
    expect(ratio(get('--sf-surface'), get('--sf-text-2'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the theme colour', () => {
  it('keeps the site red where no text is: the darker shades are derived from it, not a second red', () => {
    const vars = variables('light');
    expect(vars.get('--theme')).toBe('#e93323');
    expect(vars.get('--theme-strong')).toMatch(/^color-mix\(in srgb, var\(--theme\) \d+%, #000\)$/);
    expect(vars.get('--theme-text')).toMatch(/var\(--theme\)/);
    expect(variables('dark').get('--theme-text')).toMatch(/^color-mix\(in srgb, var\(--theme\) \d+%, #fff\)$/);
  });

  it('reads dark mode as the dark surfaces over the light ones', () => {
    expect(variables('light').get('--sf-surface')).toBe('#ffffff');
    expect(variables('dark').get('--sf-surface')).toBe('#1e1e1e');
    expect(variables('dark').get('--theme')).toBe('#e93323');
  });

  it('is read the way a browser mixes it (the reader is checked against known values)', () => {
    const vars = new Map([['--theme', '#e93323']]);
    expect(colour('color-mix(in srgb, var(--theme) 12%, transparent)', vars)).toEqual([233, 51, 35, expect.closeTo(0.12, 5)]);
    expect(ratio(colour('#999', vars), WHITE)).toBeCloseTo(2.85, 2);
    expect(ratio(WHITE, colour('#e93323', vars))).toBeCloseTo(4.23, 2);
    expect(ratio(colour('#000', vars), WHITE)).toBeCloseTo(21, 5);
  });
});
