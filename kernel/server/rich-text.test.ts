import { describe, expect, it } from 'vitest';
import { plainTextOf, sanitizeRichText } from './rich-text';

const sanitizeDetail = (html: string) => sanitizeRichText(html);

describe('rich text sanitizer (goods details: no links)', () => {
  it('keeps basic formatting, tables and pictures', () => {
    const html = '<h3>亮点</h3><p><strong>轻</strong> <em>薄</em></p><ul><li>一</li></ul><table><tbody><tr><th>品牌</th><td>极光</td></tr></tbody></table>';
    expect(sanitizeDetail(html)).toBe(html);
    expect(sanitizeDetail('<p><img src="https://cdn.example.com/a.png" alt="a"></p>')).toBe('<p><img src="https://cdn.example.com/a.png" alt="a" /></p>');
    expect(sanitizeDetail('<img src="/uploads/seed/goods-1-2.svg">')).toBe('<img src="/uploads/seed/goods-1-2.svg" />');
  });

  it('drops scripts, styles sheets and embedded frames with their content', () => {
    expect(sanitizeDetail('<p>ok</p><script>alert(1)</script>')).toBe('<p>ok</p>');
    expect(sanitizeDetail('<style>body{display:none}</style><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeDetail('<iframe src="https://evil.example"></iframe><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('strips event handlers', () => {
    expect(sanitizeDetail('<img src="/a.png" onerror="alert(1)">')).toBe('<img src="/a.png" />');
    expect(sanitizeDetail('<p onclick="steal()">hi</p>')).toBe('<p>hi</p>');
  });

  it('refuses javascript:, data: and protocol-relative sources', () => {
    expect(sanitizeDetail('<img src="javascript:alert(1)">')).toBe('<img />');
    expect(sanitizeDetail('<img src="JaVaScRiPt:alert(1)">')).toBe('<img />');
    expect(sanitizeDetail('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<img />');
    expect(sanitizeDetail('<img src="//evil.example/x.png">')).toBe('<img />');
    expect(sanitizeDetail('<a href="javascript:alert(1)">x</a>')).toBe('x');
  });

  it('keeps colour and alignment styles but not positioning', () => {
    expect(sanitizeDetail('<p style="color:#e93323;text-align:center">x</p>')).toBe('<p style="color:#e93323;text-align:center">x</p>');
    expect(sanitizeDetail('<div style="position:fixed;top:0">x</div>')).toBe('<div>x</div>');
  });
});

describe('rich text sanitizer with links (articles, notices)', () => {
  const clean = (html: string) => sanitizeRichText(html, { links: true });

  it('keeps links in the shop and to other sites; another site opens in a new tab without the opener', () => {
    expect(clean('<p><a href="#/pages/goods/detail?id=3">看看</a></p>')).toBe('<p><a href="#/pages/goods/detail?id=3">看看</a></p>');
    expect(clean('<a href="https://example.com/a">a</a>')).toBe('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">a</a>');
  });

  it('removes javascript: links, event handlers and scripts, and any target or rel the author wrote', () => {
    expect(clean('<a href="javascript:alert(1)" onclick="x()">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href=" JAVASCRIPT:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="/a" target="_top" rel="opener">x</a>')).toBe('<a href="/a">x</a>');
    expect(clean('<p>ok</p><script>alert(1)</script><img src="/a.png" onerror="alert(1)">')).toBe('<p>ok</p><img src="/a.png" />');
  });
});

describe('plainTextOf (an article\'s summary)', () => {
  it('keeps the text alone, on one line, words of separate blocks apart', () => {
    expect(plainTextOf('<h3>Fresh</h3><p>Oranges &amp; <b>cherries</b><br>today</p><script>alert(1)</script><style>p{}</style>')).toBe('Fresh Oranges & cherries today');
    expect(plainTextOf('<p>1 &lt; 2 &quot;ok&quot;</p>\n\n<p>  再见 </p>')).toBe('1 < 2 "ok" 再见');
    expect(plainTextOf('<img src="/a.png" alt="a">')).toBe('');
  });
});
