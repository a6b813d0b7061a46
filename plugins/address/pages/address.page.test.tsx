import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { isIconName } from '@kernel/client/ui';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { address as addressOf } from '../fixtures';
import { ADDRESS_FORM_PATH, ADDRESS_LIST_PATH } from '../paths';
import { ADDRESS_PICK_PATH } from '../public-client';
import { addressStore } from '../store';

function setup(list: FakeHandler, options: { path?: string; anonymous?: boolean; handlers?: Record<string, FakeHandler> } = {}) {
  const api = fakeApi({ '/api/address/list': list, ...options.handlers });
  const kernel = createTestKernel({ plugins: ['auth', 'goods', 'address'], adapter: api, user: options.anonymous ? undefined : { id: 7 } });
  renderRoute(kernel, options.path ?? ADDRESS_LIST_PATH);
  return { api, kernel };
}

const card = (name: string) => screen.getByRole('article', { name });
const names = () => screen.queryAllByRole('article').map((node) => node.getAttribute('aria-label'));
const ann = addressOf(1, { name: '安', mobile: '13800138000', is_default: 1 });
const bob = addressOf(2, { name: '博', mobile: '13912345678', full_address: '北京市东城区 东四大街2号' });

beforeEach(() => {
  Object.assign(addressStore, { list: [], status: 'idle', error: '', chosenId: null });
});

describe('address list page', () => {
  it('shows skeletons while the list loads, then a card per address: contact, masked mobile, address, default badge', async () => {
    const { reply: held, release: answer } = heldReply();
    const { api } = setup(() => held);
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    await waitFor(() => expect(api.requests).toHaveLength(1));
    answer([ann, bob]);
    await waitFor(() => expect(names()).toEqual(['安', '博']));
    expect(screen.queryByTestId('skeleton')).toBeNull();
    const first = within(card('安'));
    expect(first.getByText('138****8000')).toBeTruthy();
    expect(first.getByText('广东省深圳市南山区 科技园路1号')).toBeTruthy();
    expect(first.getAllByText('默认')).not.toHaveLength(0);
    expect(first.queryByRole('button', { name: '设为默认' })).toBeNull();
    const second = within(card('博'));
    expect(second.getByText('139****5678')).toBeTruthy();
    expect(second.getByText('北京市东城区 东四大街2号')).toBeTruthy();
    expect(second.getByRole('button', { name: '设为默认' })).toBeTruthy();
  });

  it('invites the shopper to add a first address when there is none', async () => {
    setup(() => []);
    expect(await screen.findByText('还没有收货地址')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新增收货地址' }));
    await waitFor(() => expect(currentLocation()).toBe(ADDRESS_FORM_PATH));
  });

  it('says so, with a retry, when the list cannot be loaded', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/address/list', () => [ann]);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(names()).toEqual(['安']));
  });

  it('deletes an address only after the shopper confirms', async () => {
    const { api } = setup(() => [ann, bob], { handlers: { '/api/address/delete': () => [ann] } });
    await waitFor(() => expect(names()).toEqual(['安', '博']));
    const deletes = () => api.requests.filter((r) => r.path === '/api/address/delete');

    fireEvent.click(within(card('博')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除这个收货地址吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定删除这个收货地址吗？')).toBeNull());
    expect(deletes()).toEqual([]);

    fireEvent.click(within(card('博')).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(names()).toEqual(['安']));
    expect(deletes().map((r) => r.body)).toEqual([{ id: 2 }]);
    expect(await screen.findByText('已删除')).toBeTruthy();
  });

  it('makes another address the default and shows the list the server answers', async () => {
    const { api } = setup(() => [ann, bob], { handlers: { '/api/address/setDefault': () => [{ ...bob, is_default: 1 }, { ...ann, is_default: 0 }] } });
    await waitFor(() => expect(names()).toEqual(['安', '博']));
    fireEvent.click(within(card('博')).getByRole('button', { name: '设为默认' }));
    await waitFor(() => expect(names()).toEqual(['博', '安']));
    expect(api.requests.at(-1)).toMatchObject({ path: '/api/address/setDefault', body: { id: 2 } });
    expect(within(card('安')).getByRole('button', { name: '设为默认' })).toBeTruthy();
  });

  it('opens the form to edit an address', async () => {
    setup(() => [ann]);
    fireEvent.click(within(await screen.findByRole('article', { name: '安' })).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(currentLocation()).toBe(`${ADDRESS_FORM_PATH}?id=1`));
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const { api } = setup(() => [], { anonymous: true });
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(ADDRESS_LIST_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });

  it('has a menu entry in `member.services` that leads here', () => {
    const kernel = createTestKernel({ plugins: ['auth', 'goods', 'address'] });
    const [item] = kernel.menu.slot('member.services').filter((e) => e.plugin === 'address');
    expect(item).toMatchObject({ to: ADDRESS_LIST_PATH, label: 'address:menu', icon: 'location', auth: true });
    expect(isIconName(item.icon)).toBe(true);
  });
});

describe('address list in select mode (checkout)', () => {
  it('picks the tapped address for checkout and goes back', async () => {
    setup(() => [ann, bob], { path: ADDRESS_PICK_PATH });
    expect(await screen.findByText('点击地址选择收货地址')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '选择 博 的地址' }));
    expect(addressStore.chosenId).toBe(2);
    await waitFor(() => expect(currentLocation()).not.toBe(ADDRESS_PICK_PATH));
  });

  it('marks the address already chosen', async () => {
    addressStore.chosenId = 2;
    setup(() => [ann, bob], { path: ADDRESS_PICK_PATH });
    const chosen = await screen.findByRole('button', { name: '选择 博 的地址' });
    expect(chosen.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: '选择 安 的地址' }).getAttribute('aria-current')).toBeNull();
  });

  it('adds a new address in select mode too', async () => {
    setup(() => [], { path: ADDRESS_PICK_PATH });
    fireEvent.click(await screen.findByRole('button', { name: '新增收货地址' }));
    await waitFor(() => expect(currentLocation()).toBe(`${ADDRESS_FORM_PATH}?select=1`));
  });

  it('is not select mode without ?select=1: tapping an address picks nothing', async () => {
    setup(() => [ann]);
    await screen.findByRole('article', { name: '安' });
    expect(screen.queryByRole('button', { name: '选择 安 的地址' })).toBeNull();
  });
});
