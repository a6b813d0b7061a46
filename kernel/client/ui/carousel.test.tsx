import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { NoticeBar } from './NoticeBar';
import { Swiper } from './Swiper';

const current = () => screen.getAllByRole('group', { hidden: true }).findIndex((slide) => slide.getAttribute('aria-hidden') === 'false');

describe('Swiper', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('autoplays, wraps around, and jumps with the dots', async () => {
    renderWithKernel(
      <Swiper autoplay={1000}>
        <p>one</p>
        <p>two</p>
        <p>three</p>
      </Swiper>,
      createTestKernel(),
    );
    expect(current()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(current()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(current()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(current()).toBe(2);
  });

  it('swipes with the pointer and pauses autoplay while held', async () => {
    renderWithKernel(
      <Swiper autoplay={1000}>
        <p>one</p>
        <p>two</p>
      </Swiper>,
      createTestKernel(),
    );
    const carousel = screen.getByText('one').closest('.sf-swiper')!;
    fireEvent.pointerDown(carousel, { clientX: 200 });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(current()).toBe(0);
    fireEvent.pointerUp(carousel, { clientX: 100 });
    expect(current()).toBe(1);
  });

  it('renders nothing without slides and no dots for one', () => {
    const { container } = renderWithKernel(<Swiper>{[]}</Swiper>, createTestKernel());
    expect(container.querySelector('.sf-swiper')).toBeNull();
  });
});

describe('NoticeBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rotates several notices and reports which was clicked', async () => {
    const clicked: number[] = [];
    renderWithKernel(<NoticeBar items={['第一条', '第二条']} interval={3000} onClick={(i) => clicked.push(i)} />, createTestKernel());
    expect(screen.getByText('第一条')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByText('第二条')).toBeTruthy();
    fireEvent.click(screen.getByText('第二条'));
    expect(clicked).toEqual([1]);
  });
});
