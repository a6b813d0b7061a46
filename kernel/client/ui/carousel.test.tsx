import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { NoticeBar } from './NoticeBar';
import { Swiper } from './Swiper';

/** The slide a visitor (or a screen reader) meets: the only one not hidden. */
const shown = () => screen.getByRole('group').getAttribute('aria-label');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Swiper', () => {
  const three = () =>
    renderWithKernel(
      <Swiper autoplay={1000} label="活动">
        <button type="button">one</button>
        <button type="button">two</button>
        <button type="button">three</button>
      </Swiper>,
      createTestKernel(),
    );

  it('is a named carousel whose slides say where they are, only the current one reachable', () => {
    three();
    const carousel = screen.getByRole('region', { name: '活动' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(shown()).toBe('1 / 3');
    expect(screen.getByRole('group').getAttribute('aria-roledescription')).toBe('slide');
    expect(screen.getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual([
      'one',
      '查看第 1 张',
      '查看第 2 张',
      '查看第 3 张',
      '暂停轮播',
    ]);
    const hidden = screen.getAllByRole('group', { hidden: true }).filter((slide) => slide.getAttribute('aria-label') !== '1 / 3');
    expect(hidden.every((slide) => slide.hasAttribute('inert') && slide.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('autoplays, wraps around, and jumps with the dots', async () => {
    three();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(shown()).toBe('2 / 3');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(shown()).toBe('1 / 3');
    fireEvent.click(screen.getByRole('button', { name: '查看第 3 张' }));
    expect(shown()).toBe('3 / 3');
    expect(screen.getByRole('button', { name: '查看第 3 张' }).getAttribute('aria-current')).toBe('true');
    expect(within(screen.getByRole('group')).getByRole('button').textContent).toBe('three');
  });

  it('stops for good with the pause button, and plays again', async () => {
    three();
    fireEvent.click(screen.getByRole('button', { name: '暂停轮播' }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(shown()).toBe('1 / 3');
    fireEvent.click(screen.getByRole('button', { name: '继续轮播' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(shown()).toBe('2 / 3');
  });

  it('holds still while focused, and moves with the arrow keys', async () => {
    three();
    const carousel = screen.getByRole('region', { name: '活动' });
    fireEvent.focus(screen.getByRole('button', { name: 'one' }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(shown()).toBe('1 / 3');
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(shown()).toBe('2 / 3');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(shown()).toBe('3 / 3');
    fireEvent.blur(screen.getByRole('button', { name: 'three' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(shown()).toBe('1 / 3');
  });

  it('swipes with the pointer and pauses autoplay while held', async () => {
    renderWithKernel(
      <Swiper autoplay={1000}>
        <p>one</p>
        <p>two</p>
      </Swiper>,
      createTestKernel(),
    );
    const carousel = screen.getByRole('region', { name: '轮播图' });
    fireEvent.pointerDown(carousel, { clientX: 200 });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(shown()).toBe('1 / 2');
    fireEvent.pointerUp(carousel, { clientX: 100 });
    expect(shown()).toBe('2 / 2');
  });

  it('shows a counter instead of dots for a gallery, and nothing without slides', () => {
    const kernel = createTestKernel();
    const { container, unmount } = renderWithKernel(
      <Swiper autoplay={0} dots={false} counter>
        <p>a</p>
        <p>b</p>
      </Swiper>,
      kernel,
    );
    expect(container.querySelector('.sf-swiper__counter')?.textContent).toBe('1/2');
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const empty = renderWithKernel(<Swiper>{[]}</Swiper>, kernel);
    expect(empty.container.querySelector('.sf-swiper')).toBeNull();
  });
});

describe('NoticeBar', () => {
  it('rotates several notices and reports which was pressed, from a real button', async () => {
    const clicked: number[] = [];
    renderWithKernel(<NoticeBar items={['第一条', '第二条']} interval={3000} onClick={(i) => clicked.push(i)} />, createTestKernel());
    expect(screen.getByRole('button', { name: '第一条' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    fireEvent.click(screen.getByRole('button', { name: '第二条' }));
    expect(clicked).toEqual([1]);
  });

  it('holds the notice a keyboard user is on', async () => {
    renderWithKernel(<NoticeBar items={['第一条', '第二条']} interval={3000} onClick={() => {}} />, createTestKernel());
    fireEvent.focus(screen.getByRole('button', { name: '第一条' }));
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(screen.getByRole('button', { name: '第一条' })).toBeTruthy();
  });

  it('is plain text without a click handler', () => {
    renderWithKernel(<NoticeBar items={['唯一一条']} />, createTestKernel());
    expect(screen.getByText('唯一一条')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
