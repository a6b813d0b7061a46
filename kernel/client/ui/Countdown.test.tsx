import { act, render, screen } from '@testing-library/react';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './Countdown';
import { timeLeft } from './countdown-parts';

const START = Date.UTC(2024, 0, 1, 0, 0, 0);

describe('timeLeft', () => {
  it('splits the seconds left and never goes negative', () => {
    expect(timeLeft(START / 1000 + 90_061, START)).toEqual({ total: 90_061, days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(timeLeft(START / 1000 - 5, START).total).toBe(0);
  });
});

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down each second and calls onEnd exactly once at zero', async () => {
    const onEnd = vi.fn();
    render(<Countdown deadline={START / 1000 + 3} onEnd={onEnd} />);
    expect(screen.getByRole('timer').textContent).toBe('00:00:03');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('timer').textContent).toBe('00:00:01');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('timer').textContent).toBe('00:00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('shows days and the ended text, and counts on a given clock', async () => {
    const serverAhead = () => Date.now() + 60_000;
    const { rerender } = renderWithKernel(<Countdown deadline={START / 1000 + 86_400 + 120} now={serverAhead} />, createTestKernel());
    expect(screen.getByRole('timer').textContent).toBe('1天00:01:00');
    rerender(<Countdown deadline={START / 1000 - 1} ended={<span>支付时间已结束</span>} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('支付时间已结束')).toBeTruthy();
  });
});
