import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { address as addressOf, AREA_TREE } from '../fixtures';
import { ADDRESS_FORM_PATH } from '../paths';
import { addressStore, areaStore } from '../store';

function setup(options: { path?: string; language?: 'en'; handlers?: Record<string, FakeHandler> } = {}) {
  const api = fakeApi({
    '/api/goods/areaTree': () => AREA_TREE,
    '/api/address/save': (body) => addressOf(9, { ...body, is_default: body.is_default ? 1 : 0 } as never),
    ...options.handlers,
  });
  const kernel = createTestKernel({ plugins: ['auth', 'goods', 'address'], adapter: api, user: { id: 7 }, language: options.language });
  renderRoute(kernel, options.path ?? ADDRESS_FORM_PATH);
  return { api, kernel };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name = '保存') => fireEvent.click(screen.getByRole('button', { name }));
const saves = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/address/save');
const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
const areaButton = (name: RegExp = /^所在地区/) => screen.getByRole('button', { name });

/** Opens the picker and taps province, city and district. */
async function pickArea(...names: string[]) {
  fireEvent.click(areaButton());
  const sheet = await screen.findByRole('dialog', { name: '选择所在地区' });
  for (const name of names) fireEvent.click(await within(sheet).findByRole('button', { name }));
}

async function fillValid() {
  type('联系人', '张三');
  type('手机号', '13800138000');
  await pickArea('广东省', '深圳市', '南山区');
  type('详细地址', '科技园路1号');
}

beforeEach(() => {
  Object.assign(addressStore, { list: [], status: 'idle', error: '', chosenId: null });
  Object.assign(areaStore, { tree: [], status: 'idle', error: '' });
});

describe('address form: checks before sending', () => {
  it('shows every problem at once, each under its own field, and sends nothing', async () => {
    const { api } = setup();
    expect(await screen.findByRole('heading', { name: '新增收货地址' })).toBeTruthy();
    type('手机号', '1380013800');
    submit();
    await screen.findAllByRole('alert');
    expect(errorOf('联系人')).toBe('请填写联系人（1-20个字）');
    expect(errorOf('手机号')).toBe('请输入正确的11位手机号');
    expect(errorOf('详细地址')).toBe('请填写详细地址（2-120个字）');
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual([
      '请填写联系人（1-20个字）',
      '请输入正确的11位手机号',
      '请选择所在地区',
      '请填写详细地址（2-120个字）',
    ]);
    type('联系人', '张三');
    type('手机号', '13800138000');
    await pickArea('广东省', '深圳市', '南山区');
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['请填写详细地址（2-120个字）']);
    type('详细地址', '号');
    submit();
    expect(await screen.findByText('请填写详细地址（2-120个字）')).toBeTruthy();
    expect(saves(api)).toEqual([]);
  });

  it('says so in English for an English-speaking shopper', async () => {
    setup({ language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a contact of 1–20 characters')).toBeTruthy();
    type('Contact', '张三');
    type('Mobile', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a correct 11-digit mobile number')).toBeTruthy();
    expect(screen.queryByText('Please enter a contact of 1–20 characters')).toBeNull();
  });
});

describe('address form: the area picker', () => {
  it('walks province → city → district from the real tree and fills the field', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: /^所在地区 请选择省/ }));
    const sheet = await screen.findByRole('dialog', { name: '选择所在地区' });
    expect(within(sheet).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['广东省', '北京市']);
    fireEvent.click(within(sheet).getByRole('button', { name: '广东省' }));
    expect(within(sheet).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['深圳市', '广州市']);
    expect(within(sheet).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['广东省', '请选择']);
    fireEvent.click(within(sheet).getByRole('button', { name: '深圳市' }));
    expect(within(sheet).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['南山区', '福田区']);
    fireEvent.click(within(sheet).getByRole('button', { name: '福田区' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(areaButton(/广东省 深圳市 福田区/)).toBeTruthy();
  });

  it('goes back a level through its tabs, and picking another province starts the cities again', async () => {
    setup();
    await pickArea('广东省', '深圳市');
    const sheet = screen.getByRole('dialog', { name: '选择所在地区' });
    fireEvent.click(within(sheet).getByRole('tab', { name: '广东省' }));
    expect(within(sheet).getByRole('button', { name: '广东省' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(sheet).getByRole('button', { name: '北京市' }));
    fireEvent.click(within(sheet).getByRole('button', { name: '市辖区' }));
    fireEvent.click(within(sheet).getByRole('button', { name: '东城区' }));
    await waitFor(() => expect(areaButton(/北京市 市辖区 东城区/)).toBeTruthy());
  });

  it('shows the failure with a retry when the tree cannot be loaded', async () => {
    const { api } = setup({ handlers: { '/api/goods/areaTree': () => failReply('服务繁忙') } });
    await waitFor(() => expect(areaStore.status).toBe('error'));
    fireEvent.click(areaButton());
    const sheet = await screen.findByRole('dialog', { name: '选择所在地区' });
    expect(within(sheet).getByText('服务繁忙')).toBeTruthy();
    api.on('/api/goods/areaTree', () => AREA_TREE);
    fireEvent.click(within(sheet).getByRole('button', { name: '重试' }));
    expect(await within(sheet).findByRole('button', { name: '广东省' })).toBeTruthy();
  });

  it('can be closed without picking', async () => {
    setup();
    fireEvent.click(areaButton());
    const sheet = await screen.findByRole('dialog', { name: '选择所在地区' });
    fireEvent.click(within(sheet).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(areaButton(/请选择省/)).toBeTruthy();
  });
});

describe('address form: saving', () => {
  it('sends the codes the shopper picked, says so and goes back', async () => {
    const { api } = setup();
    await fillValid();
    fireEvent.click(screen.getByRole('switch', { name: '设为默认地址' }));
    submit();
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(saves(api).map((r) => r.body)).toEqual([
      { name: '张三', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '科技园路1号', is_default: 1 },
    ]);
    await waitFor(() => expect(currentLocation()).not.toBe(ADDRESS_FORM_PATH));
    expect(addressStore.list.map((a) => a.id)).toEqual([9]);
    expect(addressStore.chosenId).toBeNull();
  });

  it('in select mode, makes the saved address the one checkout ships to', async () => {
    setup({ path: `${ADDRESS_FORM_PATH}?select=1` });
    await fillValid();
    submit();
    await waitFor(() => expect(addressStore.chosenId).toBe(9));
  });

  it("keeps the form as typed and says why when the server refuses what no field shows", async () => {
    setup({ handlers: { '/api/address/save': () => failReply('收货地址已满，最多 20 个') } });
    await fillValid();
    submit();
    expect(await screen.findByText('收货地址已满，最多 20 个')).toBeTruthy();
    expect(currentLocation()).toBe(ADDRESS_FORM_PATH);
    expect((screen.getByLabelText('联系人') as HTMLInputElement).value).toBe('张三');
  });

  it("shows the server's refusal of several fields beside each, the area's codes under the area", async () => {
    const problems = [
      { field: 'name', message: '联系人不能含有表情' },
      { field: 'district_code', message: '所选地区已停用，请重新选择' },
      { field: 'detail', message: '详细地址过长' },
    ];
    setup({ handlers: { '/api/address/save': () => failReply('联系人：联系人不能含有表情', { ...problems[0], problems }) } });
    await fillValid();
    submit();
    await screen.findAllByRole('alert');
    expect(errorOf('联系人')).toBe('联系人不能含有表情');
    expect(errorOf('详细地址')).toBe('详细地址过长');
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['联系人不能含有表情', '所选地区已停用，请重新选择', '详细地址过长']);
    expect(screen.queryByText('联系人：联系人不能含有表情')).toBeNull();
    expect(currentLocation()).toBe(ADDRESS_FORM_PATH);
  });

  it('switches the default on and keeps it on for a first address', async () => {
    Object.assign(addressStore, { status: 'ready', list: [] });
    setup();
    const toggle = (await screen.findByRole('switch', { name: '设为默认地址' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
  });
});

describe('address form: editing (?id=)', () => {
  const mine = addressOf(4, { name: '李四', mobile: '13912345678', detail: '深南大道4号', is_default: 0 });

  it('shows skeletons, then the address to change, and saves it under its id', async () => {
    const { api } = setup({ path: `${ADDRESS_FORM_PATH}?id=4`, handlers: { '/api/address/detail': () => mine, '/api/address/save': (body) => ({ ...mine, ...body }) } });
    expect(await screen.findByRole('heading', { name: '编辑收货地址' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('联系人') as HTMLInputElement).value).toBe('李四'));
    expect(api.requests.find((r) => r.path === '/api/address/detail')?.body).toEqual({ id: 4 });
    expect(areaButton(/广东省 深圳市 南山区/)).toBeTruthy();
    expect((screen.getByRole('switch', { name: '设为默认地址' }) as HTMLInputElement).checked).toBe(false);
    type('详细地址', '深南大道5号');
    submit();
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(saves(api)[0].body).toMatchObject({ id: 4, name: '李四', detail: '深南大道5号', district_code: '440305', is_default: 0 });
  });

  it('keeps the default switch on for the default address, saying why', async () => {
    setup({ path: `${ADDRESS_FORM_PATH}?id=4`, handlers: { '/api/address/detail': () => ({ ...mine, is_default: 1 }) } });
    const toggle = (await screen.findByRole('switch', { name: '设为默认地址' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('这是默认地址，选择其他地址为默认后才会取消')).toBeTruthy();
  });

  it("says the address is not there when it is gone or someone else's", async () => {
    setup({ path: `${ADDRESS_FORM_PATH}?id=5`, handlers: { '/api/address/detail': () => failReply('收货地址不存在或已删除') } });
    expect(await screen.findByText('收货地址不存在或已删除')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('offers a retry when the address cannot be loaded', async () => {
    const { api } = setup({ path: `${ADDRESS_FORM_PATH}?id=4`, handlers: { '/api/address/detail': () => ({ status: 500 }) } });
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    api.on('/api/address/detail', () => mine);
    await waitFor(() => expect((screen.getByLabelText('联系人') as HTMLInputElement).value).toBe('李四'));
  });
});
