import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { CallError } from '../call-error';
import type { CallState } from '../hooks';
import { Async } from './Async';
import { Loader } from './Loader';
import { Empty, ErrorState } from './states';

const state = <T,>(fields: Partial<CallState<T>>): CallState<T> => ({ status: 'loading', data: undefined, error: null, reload: async () => {}, ...fields });

describe('Loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears only after its delay', async () => {
    renderWithKernel(<Loader />, createTestKernel());
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('status').textContent).toContain('加载中…');
  });
});

describe('Empty and ErrorState', () => {
  it('say so in the shopper\'s language, with a retry', () => {
    const retry = vi.fn();
    renderWithKernel(
      <>
        <Empty />
        <ErrorState onRetry={retry} />
      </>,
      createTestKernel({ language: 'en' }),
    );
    expect(screen.getByText('Nothing here yet')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });
});

describe('Async', () => {
  const kernel = () => createTestKernel();

  it('shows loading, error with retry, empty, then content', () => {
    const reload = vi.fn(async () => {});
    const render = (s: CallState<string[]>) => (
      <Async state={s} loading={<p>loading…</p>} isEmpty={(d) => d.length === 0}>
        {(d) => <p>{d.join(',')}</p>}
      </Async>
    );
    const view = renderWithKernel(render(state({})), kernel());
    expect(screen.getByText('loading…')).toBeTruthy();
    view.rerender(render(state({ status: 'error', error: new CallError({ msg: '坏了', reason: 'business' }), reload })));
    expect(screen.getByText('坏了')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(reload).toHaveBeenCalled();
    view.rerender(render(state({ status: 'ready', data: [] })));
    expect(screen.getByText('暂无数据')).toBeTruthy();
    view.rerender(render(state({ status: 'ready', data: ['a', 'b'] })));
    expect(screen.getByText('a,b')).toBeTruthy();
  });
});
