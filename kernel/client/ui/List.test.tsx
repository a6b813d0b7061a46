import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineCall, shape } from '../../core/contract';
import * as z from 'zod/mini';
import { limit, page } from '../../core/schemas';
import { createTestKernel, failReply, fakeApi, renderWithKernel } from '../../../tests/setup/kernel';
import { usePaged } from '../hooks';
import { List } from './List';

interface Row {
  id: number;
}
const rows = defineCall({
  path: '/api/test/rows',
  payload: z.object({ page: page(), limit: limit(), kind: z.string() }),
  reply: shape<{ list: Row[]; total: number }>(),
  summary: 'rows',
});

function Rows({ kind = 'all' }: { kind?: string }) {
  const state = usePaged(rows, { kind }, { limit: 2 });
  return <List state={state} itemKey={(row) => row.id} renderItem={(row) => <p>row {row.id}</p>} />;
}

const serve = (total: number) => (body: Record<string, unknown>) => {
  const start = (Number(body.page) - 1) * Number(body.limit);
  const ids = Array.from({ length: Math.max(0, Math.min(Number(body.limit), total - start)) }, (_, i) => ({ id: start + i + 1 }));
  return { list: ids, total };
};

describe('List with usePaged', () => {
  it('shows skeletons, then rows with 加载更多, then 没有更多了 after the last page', async () => {
    const api = fakeApi({ '/api/test/rows': serve(3) });
    renderWithKernel(<Rows />, createTestKernel({ adapter: api }));
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByText('row 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('row 3')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(api.requests.map((r) => r.body)).toEqual([
      { kind: 'all', page: 1, limit: 2 },
      { kind: 'all', page: 2, limit: 2 },
    ]);
  });

  it('shows the empty state when there are no rows', async () => {
    renderWithKernel(<Rows />, createTestKernel({ adapter: fakeApi({ '/api/test/rows': serve(0) }) }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows the error state with retry when the first page fails', async () => {
    let broken = true;
    const api = fakeApi({ '/api/test/rows': (body) => (broken ? failReply('列表出错') : serve(1)(body)) });
    renderWithKernel(<Rows />, createTestKernel({ adapter: api }));
    expect(await screen.findByText('列表出错')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('row 1')).toBeTruthy();
  });

  it('keeps the rows when a later page fails, and retries that page', async () => {
    let pageTwoBroken = true;
    const api = fakeApi({
      '/api/test/rows': (body) => (body.page === 2 && pageTwoBroken ? failReply('第二页出错') : serve(4)(body)),
    });
    renderWithKernel(<Rows />, createTestKernel({ adapter: api }));
    await screen.findByText('row 2');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    const retry = await screen.findByRole('button', { name: /第二页出错/ });
    expect(screen.getByText('row 1')).toBeTruthy();
    pageTwoBroken = false;
    fireEvent.click(retry);
    expect(await screen.findByText('row 4')).toBeTruthy();
  });

  it('starts again from page 1 when the payload changes', async () => {
    const api = fakeApi({ '/api/test/rows': (body) => ({ list: [{ id: body.kind === 'a' ? 1 : 9 }], total: 1 }) });
    const kernel = createTestKernel({ adapter: api });
    const view = renderWithKernel(<Rows kind="a" />, kernel);
    await screen.findByText('row 1');
    await act(async () => view.rerender(<Rows kind="b" />));
    expect(await screen.findByText('row 9')).toBeTruthy();
    expect(screen.queryByText('row 1')).toBeNull();
  });
});
