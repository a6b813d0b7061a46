import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteRegistry } from '../kernel';
import type { RouteDef } from '../plugin';
import { useSettledLocation } from './settled-location';

const Page = () => null;
function registry(routes: RouteDef[]): RouteRegistry {
  return { list: () => routes, find: (path) => routes.find((r) => r.path === path) };
}
const route = (path: string, page: RouteDef['page']): RouteDef => ({ path, page, navBar: 'default', title: 'x' });

describe('settled location', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the current page while the next one loads, and switches once it has loaded', async () => {
    let finish: (m: { default: typeof Page }) => void = () => {};
    const routes = registry([
      route('/a', async () => ({ default: Page })),
      route('/b', () => new Promise((resolve) => (finish = resolve))),
    ]);
    const { result, rerender } = renderHook(({ at }) => useSettledLocation(at, routes), { initialProps: { at: '/a' } });
    expect(result.current).toBe('/a');
    rerender({ at: '/b?x=1' });
    expect(result.current).toBe('/a');
    await act(async () => finish({ default: Page }));
    expect(result.current).toBe('/b?x=1');
  });

  it('gives up waiting after the loader delay, so the loader can show', async () => {
    const routes = registry([route('/a', async () => ({ default: Page })), route('/slow', () => new Promise(() => {}))]);
    const { result, rerender } = renderHook(({ at }) => useSettledLocation(at, routes), { initialProps: { at: '/a' } });
    rerender({ at: '/slow' });
    await act(async () => vi.advanceTimersByTime(199));
    expect(result.current).toBe('/a');
    await act(async () => vi.advanceTimersByTime(1));
    expect(result.current).toBe('/slow');
  });

  it('switches at once to unknown paths (not-found)', () => {
    const routes = registry([route('/a', async () => ({ default: Page }))]);
    const { result, rerender } = renderHook(({ at }) => useSettledLocation(at, routes), { initialProps: { at: '/a' } });
    rerender({ at: '/nowhere' });
    expect(result.current).toBe('/nowhere');
  });
});
