import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { isIconName } from '@kernel/client/ui';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { __ID___PATH } from '../paths';
import { __id__Store } from '../store';

const entry = (id: number, title: string) => ({ id, title, created_at: 1_746_057_600 + id });

function setup(list: FakeHandler, options: { add?: FakeHandler; anonymous?: boolean } = {}) {
  const api = fakeApi({ '/api/__id__/list': list, '/api/__id__/add': options.add ?? ((body) => entry(99, String(body.title))) });
  const kernel = createTestKernel({ plugins: ['__id__'], adapter: api, user: options.anonymous ? undefined : { id: 7 } });
  renderRoute(kernel, __ID___PATH);
  return { api, kernel };
}

const shown = () => screen.queryAllByText(/^(茶具|跑鞋)$/).map((node) => node.textContent);
const adds = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/__id__/add');

beforeEach(() => {
  Object.assign(__id__Store, { entries: [], status: 'idle', error: '' });
});

describe('__id__ page', () => {
  it('shows a loader while the list loads, then the entries, newest first', async () => {
    const { reply, release } = heldReply();
    setup(() => reply);
    expect(await screen.findByText('加载中…')).toBeTruthy();
    release([entry(2, '茶具'), entry(1, '跑鞋')]);
    await waitFor(() => expect(shown()).toEqual(['茶具', '跑鞋']));
    expect(screen.queryByText('加载中…')).toBeNull();
    expect(screen.getByText('我的条目（2）')).toBeTruthy();
  });

  it('invites the shopper to add a first entry when the list is empty', async () => {
    setup(() => []);
    expect(await screen.findByText('还没有内容，在上方添加第一条吧')).toBeTruthy();
  });

  it('says so, with a retry, when the list cannot be loaded', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/__id__/list', () => [entry(1, '跑鞋')]);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(shown()).toEqual(['跑鞋']));
  });

  it('adds an entry at the top of the list and clears the field', async () => {
    const { api } = setup(() => [entry(1, '跑鞋')]);
    await waitFor(() => expect(shown()).toEqual(['跑鞋']));
    fireEvent.change(screen.getByLabelText('新条目'), { target: { value: '  茶具 ' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    await waitFor(() => expect(shown()).toEqual(['茶具', '跑鞋']));
    expect(adds(api).map((r) => r.body)).toEqual([{ title: '茶具' }]);
    expect(await screen.findByText('已添加')).toBeTruthy();
    expect((screen.getByLabelText('新条目') as HTMLInputElement).value).toBe('');
  });

  it('asks for something to add before sending anything', async () => {
    const { api } = setup(() => []);
    await screen.findByText('还没有内容，在上方添加第一条吧');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('请输入要添加的内容')).toBeTruthy();
    expect(adds(api)).toEqual([]);
  });

  it("shows the server's refusal and keeps the text to change", async () => {
    setup(() => [entry(1, '茶具')], { add: () => failReply('“茶具”已在列表中') });
    await waitFor(() => expect(shown()).toEqual(['茶具']));
    fireEvent.change(screen.getByLabelText('新条目'), { target: { value: '茶具' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('“茶具”已在列表中')).toBeTruthy();
    expect((screen.getByLabelText('新条目') as HTMLInputElement).value).toBe('茶具');
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const { api } = setup(() => [], { anonymous: true });
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(__ID___PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });

  it('has a menu entry in `__slot__` that leads here', () => {
    const kernel = createTestKernel({ plugins: ['__id__'] });
    const [item] = kernel.menu.slot('__slot__').filter((e) => e.plugin === '__id__');
    expect(item).toMatchObject({ to: __ID___PATH, label: '__id__:menu', auth: true });
    expect(isIconName(item.icon)).toBe(true);
  });
});
