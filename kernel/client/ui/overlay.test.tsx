import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { alert, confirm, loading, toast } from './overlay';

describe('alert / confirm / toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('alert() shows one confirm button and resolves when it is pressed', async () => {
    renderWithKernel(<div />, createTestKernel());
    let closed = false;
    await act(async () => void alert({ title: '提示', content: '已保存' }).then(() => (closed = true)));
    expect(screen.getByRole('dialog').textContent).toContain('已保存');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['确定']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    expect(closed).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirm() resolves false on cancel and true on confirm, one modal at a time', async () => {
    renderWithKernel(<div />, createTestKernel({ language: 'en' }));
    let first: boolean | undefined;
    let second: boolean | undefined;
    await act(async () => {
      void confirm('Cancel the order?').then((v) => (first = v));
      void confirm({ content: 'Confirm receipt?', confirmText: 'Received' }).then((v) => (second = v));
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(first).toBe(false);
    expect(screen.getByRole('dialog').textContent).toContain('Confirm receipt?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Received' })));
    expect(second).toBe(true);
  });

  it('toast() disappears after 2 s; a loading toast stays until dismissed', async () => {
    renderWithKernel(<div />, createTestKernel());
    let dismiss = () => {};
    await act(async () => {
      toast('已复制');
      dismiss = toast('提交中', { icon: 'loading' });
    });
    expect(screen.getByText('已复制')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByText('已复制')).toBeNull();
    expect(screen.getByText('提交中')).toBeTruthy();
    await act(async () => dismiss());
    expect(screen.queryByText('提交中')).toBeNull();
  });

  it('loading() masks the page until every caller has finished', async () => {
    renderWithKernel(<div />, createTestKernel());
    let a = () => {};
    let b = () => {};
    await act(async () => {
      a = loading();
      b = loading();
    });
    expect(screen.getByRole('status', { name: '加载中…' })).toBeTruthy();
    await act(async () => {
      a();
      a();
    });
    expect(screen.getByRole('status', { name: '加载中…' })).toBeTruthy();
    await act(async () => b());
    expect(screen.queryByRole('status', { name: '加载中…' })).toBeNull();
  });
});
