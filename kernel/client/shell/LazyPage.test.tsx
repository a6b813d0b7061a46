import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import type { PageProps, RouteDef } from '../plugin';
import { LazyPage } from './LazyPage';

const Slow = ({ query }: PageProps) => <p>slow page {query.tab}</p>;

function deferredRoute() {
  const attempts: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const route: RouteDef = {
    path: '/slow/page',
    navBar: 'default',
    title: 'kernel:ui.loading',
    page: () =>
      new Promise((resolve, reject) => {
        attempts.push({ resolve: () => resolve({ default: Slow }), reject });
      }),
  };
  return { route, attempts };
}

describe('lazy pages (spec §2: delay 200 ms, time-out 60 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the loader only after 200 ms', async () => {
    const { route, attempts } = deferredRoute();
    renderWithKernel(<LazyPage route={route} query={{ tab: 'a' }} />, createTestKernel());
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.queryByText('加载中…')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('加载中…')).toBeTruthy();
    await act(async () => attempts[0].resolve());
    expect(screen.getByText('slow page a')).toBeTruthy();
    expect(screen.queryByText('加载中…')).toBeNull();
  });

  it('never flashes the loader for a page that arrives quickly', async () => {
    const { route, attempts } = deferredRoute();
    renderWithKernel(<LazyPage route={route} query={{ tab: 'b' }} />, createTestKernel());
    await act(() => vi.advanceTimersByTimeAsync(120));
    await act(async () => attempts[0].resolve());
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('slow page b')).toBeTruthy();
    expect(screen.queryByText('加载中…')).toBeNull();
  });

  it('gives up after 60 s with a retry that loads the page again', async () => {
    const { route, attempts } = deferredRoute();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithKernel(<LazyPage route={route} query={{ tab: 'c' }} />, createTestKernel());
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('页面加载超时')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(attempts).toHaveLength(2);
    await act(async () => attempts[1].resolve());
    expect(screen.getByText('slow page c')).toBeTruthy();
  });

  it("gives up after 60 s, too, when the page's strings never arrive", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const route: RouteDef = { path: '/quick/page', navBar: 'default', title: 'kernel:ui.loading', page: async () => ({ default: Slow }) };
    const kernel = createTestKernel();
    const ensure = vi.spyOn(kernel.locale, 'ensure').mockReturnValueOnce(new Promise<void>(() => {}));
    renderWithKernel(<LazyPage route={route} query={{ tab: 'd' }} />, kernel);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('页面加载超时')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(ensure).toHaveBeenCalledTimes(2);
    expect(screen.getByText('slow page d')).toBeTruthy();
  });

  it('offers the retry when the page chunk fails to download', async () => {
    const { route, attempts } = deferredRoute();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithKernel(<LazyPage route={route} query={{}} />, createTestKernel());
    await act(async () => attempts[0].reject(new Error('chunk failed')));
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('catches a page that crashes while rendering', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const route: RouteDef = { path: '/broken', navBar: 'default', title: 'x', page: async () => ({ default: Broken }) };
    renderWithKernel(<LazyPage route={route} query={{}} />, createTestKernel());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert').textContent).toContain('出错了');
  });
});
