import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { Avatar, DEFAULT_AVATAR } from './Avatar';

describe('Avatar', () => {
  it('shows the silhouette for a person without a picture, not the picture placeholder', () => {
    renderWithKernel(<Avatar src="" alt="客服小优" size={40} />, createTestKernel());
    const img = screen.getByRole('img', { name: '客服小优' });
    expect(img.getAttribute('src')).toBe(DEFAULT_AVATAR);
    expect(img.style.width).toBe('40px');
  });

  it('shows the picture through the CDN rule, and the silhouette when it fails', () => {
    renderWithKernel(<Avatar src="/uploads/a.png" alt="demo" size={64} lazy={false} />, createTestKernel({ site: { cdnUrl: 'https://cdn.shop.test/' } }));
    const img = screen.getByRole('img', { name: 'demo' });
    expect(img.getAttribute('src')).toBe('https://cdn.shop.test/uploads/a.png?w=128');
    expect(img.getAttribute('loading')).toBe('eager');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_AVATAR);
  });
});
