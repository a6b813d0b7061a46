import { describe, expect, it } from 'vitest';
import { cdnUrl, isColour } from './cdn';

describe('CDN prefix rule', () => {
  const cdn = 'https://cdn.example.com';
  it('prefixes relative values', () => {
    expect(cdnUrl('/uploads/a.png', cdn)).toBe('https://cdn.example.com/uploads/a.png');
    expect(cdnUrl('uploads/a.png', `${cdn}/`)).toBe('https://cdn.example.com/uploads/a.png');
  });
  it('leaves absolute, protocol-relative and inline images alone', () => {
    expect(cdnUrl('http://x.cn/a.png', cdn)).toBe('http://x.cn/a.png');
    expect(cdnUrl('HTTPS://x.cn/a.png', cdn)).toBe('HTTPS://x.cn/a.png');
    expect(cdnUrl('//x.cn/a.png', cdn)).toBe('//x.cn/a.png');
    expect(cdnUrl('data:image/png;base64,AAAA', cdn)).toBe('data:image/png;base64,AAAA');
  });
  it('keeps values when no CDN is configured and empties missing ones', () => {
    expect(cdnUrl('/uploads/a.png', '')).toBe('/uploads/a.png');
    expect(cdnUrl(null, cdn)).toBe('');
  });
});

describe('colour rule', () => {
  it('accepts 3- and 6-digit hex and rgb/rgba', () => {
    for (const ok of ['#fff', '#E93323', 'rgb(1,2,3)', 'rgba(1,2,3,0.5)']) expect(isColour(ok)).toBe(true);
  });
  it('refuses other values', () => {
    for (const bad of ['fff', '#ffff', '#gggggg', 'red', 'hsl(0,0%,0%)']) expect(isColour(bad)).toBe(false);
  });
});
