import { describe, expect, it } from 'vitest';
import { sanitizeDetail } from './sanitize';

describe('goods detail sanitizer', () => {
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
