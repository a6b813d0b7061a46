import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { valuesOf } from '@kernel/core/extension';
import { homeSections } from '@plugins/home/public-client';
import { createTestKernel, failReply, fakeApi, renderWithKernel, type FakeHandler } from '../../../tests/setup/kernel';
import { deviceNow, item, publicMessages, push, saleHome, session } from '../client-fixtures';
import seckill from '../index';
import { SECKILL_PATH } from '../paths';
import SeckillSection from './SeckillSection';

function setup(home: FakeHandler, language?: 'en') {
  const api = fakeApi({ '/api/seckill/home': home });
  const kernel = createTestKernel({ plugins: ['seckill'], adapter: api, language });
  const socket = publicMessages(kernel);
  const view = renderWithKernel(<SeckillSection />, kernel);
  return { api, socket, view };
}

const region = () => screen.getByRole('region', { name: '限时秒杀' });

describe('flash-sale section of the home page', () => {
  it('is contributed to the home sections as a lazy component, between the categories and the recommended goods', () => {
    const [section] = valuesOf(seckill.contributes ?? [], homeSections);
    expect(section.id).toBe('seckill.home');
    expect(section.order).toBeGreaterThan(10);
    expect(section.order).toBeLessThan(20);
    expect((section.component as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
  });

  it('renders the sale that came with index.html without a call', async () => {
    const api = fakeApi({ '/api/seckill/home': () => saleHome({ goods: [item(1, { name: '后来的', left: 1 })] }) });
    const seed = saleHome({ session: session(4, { title: '14:00' }), goods: [item(1, { name: '首屏商品', left: 7 })] });
    const kernel = createTestKernel({ plugins: ['seckill'], adapter: api, bootstrap: { data: { seckill: seed }, language: 'zh-Hans' } });
    publicMessages(kernel);
    renderWithKernel(<SeckillSection />, kernel);
    expect(await screen.findByRole('link', { name: '首屏商品' })).toBeTruthy();
    expect(screen.getByText('仅剩 7 件')).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/api/seckill/home')).toHaveLength(0);
  });

  it("shows the running session's countdown and its goods, each leading to the sale", async () => {
    setup(() => saleHome({ session: session(4, { title: '14:00' }), goods: [item(1, { name: '蓝牙耳机', left: 6 }), item(2, { name: '保温杯', left: 20 })] }));
    expect(await screen.findByText('14:00')).toBeTruthy();
    expect(within(region()).getByText('距结束')).toBeTruthy();
    expect(within(region()).getByRole('timer')).toBeTruthy();
    const goods = screen.getAllByTestId('seckill-home-item');
    expect(goods).toHaveLength(2);
    expect(within(region()).getByRole('link', { name: '蓝牙耳机' }).getAttribute('href')).toBe(`#${SECKILL_PATH}?session_id=4`);
    expect(within(region()).getByRole('link', { name: '更多秒杀' }).getAttribute('href')).toBe(`#${SECKILL_PATH}?session_id=4`);
    expect(within(goods[0]).getByText('仅剩 6 件')).toBeTruthy();
  });

  it('counts down to the start of the next session when none runs', async () => {
    const start = deviceNow() + 3600;
    setup(() => saleHome({ session: session(2, { state: 1, start_at: start, end_at: start + 7200 }) }));
    expect(await screen.findByText('距开始')).toBeTruthy();
    expect(screen.getAllByText('限量 20 件')).toHaveLength(2);
  });

  it('updates what is left as purchases are pushed', async () => {
    const { socket, view } = setup(() => saleHome({ goods: [item(1, { name: '蓝牙耳机', stock: 20, left: 12 })] }));
    await screen.findByRole('link', { name: '蓝牙耳机' });
    // The section listens from an effect, which may run a moment after the first paint.
    await waitFor(() => expect(socket.count()).toBe(1));
    act(() => socket.send(push({ item_id: 1, left: 3 })));
    expect(screen.getByText('仅剩 3 件')).toBeTruthy();
    view.unmount();
    expect(socket.count()).toBe(0);
  });

  it('hides itself when no session is running or coming', async () => {
    const { api } = setup(() => saleHome({ session: null, goods: [] }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('offers a retry when the sale cannot be loaded', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/seckill/home', () => saleHome());
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getAllByTestId('seckill-home-item')).toHaveLength(2));
  });

  it('speaks English', async () => {
    setup(() => saleHome(), 'en');
    expect(await screen.findByRole('region', { name: 'Flash sale' })).toBeTruthy();
    expect(await screen.findByText('Ends in')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'More' })).toBeTruthy();
  });
});
