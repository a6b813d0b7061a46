import { describe, expect, it } from 'vitest';
import { cdnUrl } from '@kernel/core/cdn';
import { prepareRichHtml } from './rich-html';

const cdn = (value: string) => cdnUrl(value, 'https://cdn.example.com');

describe('rich HTML in the browser', () => {
  it('prefixes relative picture paths with the CDN and leaves absolute ones', () => {
    expect(prepareRichHtml('<p><img src="/uploads/a.svg" alt="a" /></p>', cdn)).toBe(
      '<p><img loading="lazy" src="https://cdn.example.com/uploads/a.svg" alt="a" /></p>',
    );
    expect(prepareRichHtml('<img alt="b" src="https://x.example/b.png" />', cdn)).toBe('<img loading="lazy" alt="b" src="https://x.example/b.png" />');
  });

  it("asks for an uploaded photo in the column's width at 2×, not as uploaded", () => {
    expect(prepareRichHtml('<img src="/uploads/20250310/a.jpg" alt="a" />', cdn)).toBe('<img loading="lazy" src="https://cdn.example.com/uploads/20250310/a.jpg?w=750" alt="a" />');
  });

  it('leaves text and other tags alone', () => {
    expect(prepareRichHtml('<p>src="/x"</p>', cdn)).toBe('<p>src="/x"</p>');
  });
});
