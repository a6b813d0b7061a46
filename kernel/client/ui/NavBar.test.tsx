import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, renderRoute, renderWithKernel } from '../../../tests/setup/kernel';
import { inlinePlugin } from '../plugin';
import { NavBar } from './NavBar';
import { Page } from './Page';

const shop = inlinePlugin({
  id: 'shop',
  version: '1.0.0',
  i18n: { en: { tab: 'Shop', list: 'List' }, 'zh-Hans': { tab: '分类', list: '列表' } },
  routes: [
    { path: '/shop/tab', page: async () => ({ default: () => <p>tab page</p> }), navBar: 'default', title: 'shop:tab', tabbar: true },
    { path: '/shop/list', page: async () => ({ default: () => <p>list page</p> }), navBar: 'default', title: 'shop:list' },
    {
      path: '/shop/custom-tab',
      page: async () => ({ default: () => <Page header={<NavBar title="自定义" />}>custom tab</Page> }),
      navBar: 'custom',
      title: 'shop:tab',
      tabbar: true,
    },
  ],
  menu: [{ slot: 'tabbar', id: 'tab', label: 'shop:tab', icon: 'category', to: '/shop/tab' }],
});

describe('NavBar', () => {
  it('has no back arrow on a tab page: tab pages are roots', async () => {
    renderRoute(createTestKernel({ plugins: [shop] }), '/shop/tab');
    await screen.findByText('tab page');
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('heading', { name: '分类' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: '返回' })).toBeNull();
  });

  it('leaves the arrow off a custom bar on a tab page too', async () => {
    renderRoute(createTestKernel({ plugins: [shop] }), '/shop/custom-tab');
    await screen.findByText('custom tab');
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
  });

  it('shows the arrow elsewhere, and a page may swap what it does', async () => {
    renderRoute(createTestKernel({ plugins: [shop] }), '/shop/list');
    await screen.findByText('list page');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: '返回' })).toBeTruthy();
    let pressed = 0;
    renderWithKernel(<NavBar title="x" back={() => pressed++} />, createTestKernel());
    fireEvent.click(screen.getAllByRole('button', { name: '返回' }).at(-1)!);
    expect(pressed).toBe(1);
  });

  it('gives the middle to its content instead of a title', () => {
    renderWithKernel(
      <NavBar>
        <input aria-label="搜索" />
      </NavBar>,
      createTestKernel(),
    );
    const bar = screen.getByRole('banner');
    expect(within(bar).queryByRole('heading')).toBeNull();
    expect(within(bar).getByLabelText('搜索').closest('.sf-navbar__content')).toBeTruthy();
  });
});
