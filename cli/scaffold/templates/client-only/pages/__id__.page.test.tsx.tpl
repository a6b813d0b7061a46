import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { isIconName } from '@kernel/client/ui';
import { createTestKernel, renderRoute } from '../../../tests/setup/kernel';
import { __ID___PATH } from '../paths';
import { ENTRIES_KEY, __id__Store } from '../store';

const shown = () => screen.queryAllByText(/^(茶具|跑鞋)$/).map((node) => node.textContent);

beforeEach(() => {
  __id__Store.entries = [];
});

describe('__id__ page', () => {
  it('invites the shopper to add a first entry when nothing is kept yet', async () => {
    renderRoute(createTestKernel({ plugins: ['__id__'] }), __ID___PATH);
    expect(await screen.findByText('还没有内容，在上方添加第一条吧')).toBeTruthy();
  });

  it('shows the entries kept on this device, newest first', async () => {
    const kernel = createTestKernel({ plugins: ['__id__'] });
    kernel.storage.set(ENTRIES_KEY, [{ title: '茶具', created_at: 2 }, { title: '跑鞋', created_at: 1 }]);
    renderRoute(kernel, __ID___PATH);
    await waitFor(() => expect(shown()).toEqual(['茶具', '跑鞋']));
    expect(screen.getByText('本机保存（2）')).toBeTruthy();
  });

  it('adds an entry at the top, keeps it on this device and clears the field', async () => {
    const kernel = createTestKernel({ plugins: ['__id__'] });
    kernel.storage.set(ENTRIES_KEY, [{ title: '跑鞋', created_at: 1 }]);
    renderRoute(kernel, __ID___PATH);
    await waitFor(() => expect(shown()).toEqual(['跑鞋']));
    fireEvent.change(screen.getByLabelText('新条目'), { target: { value: '  茶具 ' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    await waitFor(() => expect(shown()).toEqual(['茶具', '跑鞋']));
    expect(await screen.findByText('已添加')).toBeTruthy();
    expect((screen.getByLabelText('新条目') as HTMLInputElement).value).toBe('');
    expect(kernel.storage.get<{ title: string }[]>(ENTRIES_KEY, []).map((e) => e.title)).toEqual(['茶具', '跑鞋']);
  });

  it('asks for something to add before adding anything', async () => {
    const kernel = createTestKernel({ plugins: ['__id__'] });
    renderRoute(kernel, __ID___PATH);
    fireEvent.click(await screen.findByRole('button', { name: '添加' }));
    expect(await screen.findByText('请输入要添加的内容')).toBeTruthy();
    expect(kernel.storage.get(ENTRIES_KEY, null)).toBeNull();
  });

  it('has a menu entry in `__slot__` that leads here', () => {
    const kernel = createTestKernel({ plugins: ['__id__'] });
    const [item] = kernel.menu.slot('__slot__').filter((e) => e.plugin === '__id__');
    expect(item).toMatchObject({ to: __ID___PATH, label: '__id__:menu' });
    expect(isIconName(item.icon)).toBe(true);
  });
});
