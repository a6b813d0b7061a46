import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { Img, PLACEHOLDER } from './Img';

describe('Img', () => {
  const kernel = () => createTestKernel({ site: { cdnUrl: 'https://cdn.shop.test/' } });

  it('prefixes relative sources with the site CDN and loads lazily', () => {
    renderWithKernel(<Img src="/uploads/a.png" alt="a" />, kernel());
    const img = screen.getByRole('img', { name: 'a' });
    expect(img.getAttribute('src')).toBe('https://cdn.shop.test/uploads/a.png?w=750');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('leaves absolute, protocol-relative and data URLs alone', () => {
    renderWithKernel(
      <>
        <Img src="https://img.test/b.png" alt="b" />
        <Img src="//img.test/c.png" alt="c" />
        <Img src="data:image/png;base64,AAAA" alt="d" />
      </>,
      kernel(),
    );
    expect(screen.getByRole('img', { name: 'b' }).getAttribute('src')).toBe('https://img.test/b.png');
    expect(screen.getByRole('img', { name: 'c' }).getAttribute('src')).toBe('//img.test/c.png');
    expect(screen.getByRole('img', { name: 'd' }).getAttribute('src')).toBe('data:image/png;base64,AAAA');
  });

  it('asks for an uploaded picture in the width it is shown at on a 2× screen, and leaves other sources alone', () => {
    renderWithKernel(
      <>
        <Img src="/uploads/20250310/a.jpg" alt="logo" width={28} />
        <Img src="/uploads/20250310/a.jpg" alt="avatar" width={64} />
        <Img src="/uploads/20250310/a.jpg" alt="wide" width={600} />
        <Img src="/uploads/20250310/a.jpg" alt="fluid" ratio={1} />
        <Img src="/uploads/20250310/a.jpg" alt="css" width="50%" />
        <Img src="/uploads/a.png?v=2" alt="query" width={64} />
        <Img src="https://img.test/b.png" alt="absolute" width={64} />
        <Img src="data:image/png;base64,AAAA" alt="data" width={64} />
      </>,
      kernel(),
    );
    const src = (name: string) => screen.getByRole('img', { name }).getAttribute('src');
    expect(src('logo')).toBe('https://cdn.shop.test/uploads/20250310/a.jpg?w=64');
    expect(src('avatar')).toBe('https://cdn.shop.test/uploads/20250310/a.jpg?w=128');
    expect(src('wide')).toBe('https://cdn.shop.test/uploads/20250310/a.jpg?w=750');
    expect(src('fluid')).toBe('https://cdn.shop.test/uploads/20250310/a.jpg?w=750');
    expect(src('css')).toBe('https://cdn.shop.test/uploads/20250310/a.jpg?w=750');
    expect(src('query')).toBe('https://cdn.shop.test/uploads/a.png?v=2');
    expect(src('absolute')).toBe('https://img.test/b.png');
    expect(src('data')).toBe('data:image/png;base64,AAAA');
  });

  it('offers the served widths of a picture sized by the layout, for the width sizes says (the column by default)', () => {
    renderWithKernel(
      <>
        <Img src="/uploads/20250310/a.jpg" alt="card" ratio={1} sizes="min(50vw, 225px)" />
        <Img src="/uploads/20250310/a.jpg" alt="banner" ratio={2} />
        <Img src="/uploads/seed/logo.svg" alt="svg" ratio={1} />
        <Img src="/uploads/seed/a.gif" alt="gif" ratio={1} />
        <Img src="/uploads/20250310/a.jpg" alt="fixed" width={64} />
      </>,
      kernel(),
    );
    const img = (name: string) => screen.getByRole('img', { name });
    const base = 'https://cdn.shop.test/uploads/20250310/a.jpg';
    expect(img('card').getAttribute('srcset')).toBe(`${base}?w=128 128w, ${base}?w=256 256w, ${base}?w=375 375w, ${base}?w=750 750w`);
    expect(img('card').getAttribute('sizes')).toBe('min(50vw, 225px)');
    expect(img('banner').getAttribute('sizes')).toBe('min(100vw, 450px)');
    for (const name of ['svg', 'gif', 'fixed']) expect(img(name).getAttribute('srcset'), name).toBeNull();
    expect(img('svg').getAttribute('src')).toBe('https://cdn.shop.test/uploads/seed/logo.svg');
  });

  it('falls back to the placeholder when the source is missing or fails', () => {
    renderWithKernel(
      <>
        <Img src="" alt="empty" />
        <Img src="/broken.png" alt="broken" fallback="/fallback.png" />
      </>,
      kernel(),
    );
    expect(screen.getByRole('img', { name: 'empty' }).getAttribute('src')).toBe(PLACEHOLDER);
    const broken = screen.getByRole('img', { name: 'broken' });
    fireEvent.error(broken);
    expect(broken.getAttribute('src')).toBe('/fallback.png');
  });
});
