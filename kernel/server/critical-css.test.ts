import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCriticalCss, paintShape } from './critical-css';

const dist = mkdtempSync(path.join(os.tmpdir(), 'critical-css-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'kit.css'), 'body{margin:0}.sf-navbar{height:44px}.sf-dialog{position:fixed}@media (min-width:600px){.sf-navbar{height:48px}}');
writeFileSync(path.join(dist, 'assets', 'home.css'), '.home-banner{aspect-ratio:2}.home-grid{display:grid}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const PAINT = '<style>#p{top:0}</style><script>void 0</script><div id="p"><header class="sf-navbar">店</header><div class="home-banner"><img src="/a.jpg" alt="新品"></div></div>';
const log = { warn: vi.fn() };

describe('the first paint\'s critical styles', () => {
  it("keeps the rules matching the paint's elements, from every stylesheet, and drops the rest", async () => {
    const css = await createCriticalCss(dist, log)(PAINT, ['/assets/kit.css', '/assets/home.css']);
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('.sf-navbar{height:44px}');
    expect(css).toMatch(/@media \(min-width:600px\)\{\.sf-navbar\{height:48px\}\}/);
    expect(css).toContain('.home-banner{aspect-ratio:2}');
    expect(css).not.toContain('sf-dialog');
    expect(css).not.toContain('home-grid');
    // The paint's own style is written with it, not again here.
    expect(css).not.toContain('#p{');
  });

  it('computes once per shape: other words and pictures reuse the answer, other classes do not', async () => {
    const critical = createCriticalCss(dist, log);
    const first = critical(PAINT, ['/assets/kit.css']);
    expect(critical(PAINT.replace('新品', '清仓').replace('/a.jpg', '/b.jpg').replace('店', '铺'), ['/assets/kit.css'])).toBe(first);
    const other = critical(PAINT.replace('sf-navbar', 'sf-dialog'), ['/assets/kit.css']);
    expect(other).not.toBe(first);
    expect(await other).toContain('.sf-dialog{position:fixed}');
  });

  it("answers '' when the stylesheets cannot be read, so the page waits for them as without a paint", async () => {
    expect(await createCriticalCss(path.join(dist, 'missing'), log)(PAINT, ['/assets/kit.css'])).toBe('');
  });

  it('reads a shape without text and content attributes, keeping classes and ids', () => {
    expect(paintShape('<a class="x" href="/p?id=1" id="y" title="T">文字</a>')).toBe('<a class="x" href id="y" title></a>');
  });
});
