import { act, fireEvent, screen } from '@testing-library/react';
import { proxy } from 'valtio';
import { describe, expect, it } from 'vitest';
import { createTestKernel, renderRoute, descriptorsOf } from '../../../tests/setup/kernel';
import { useQuery } from '../hooks';
import { badge, inlinePlugin, type InlinePlugin, type PageProps } from '../plugin';
import { applyIndex } from '../site';
import { Page } from '../ui/Page';
import { NavBar } from '../ui/NavBar';

const HomePage = () => (
  <Page header={<NavBar title="Custom home bar" back={false} />}>
    <p>home page</p>
  </Page>
);
const DetailPage = ({ query }: PageProps) => {
  const fromHook = useQuery();
  return <p>goods {query.id} / hook {fromHook.id}</p>;
};
const CartPage = () => <p>cart page</p>;
const LoginPage = ({ query }: PageProps) => <p>login page, back to {query.returnTo}</p>;

const cartStore = proxy({ count: 2 });
const i18n = (en: Record<string, string>, zh: Record<string, string>) => ({ en, 'zh-Hans': zh });

const home = inlinePlugin({
  id: 'home',
  version: '1.0.0',
  i18n: i18n({ title: 'Home', tab: 'Home' }, { title: '首页', tab: '首页' }),
  routes: [{ path: '/pages/index/index', page: async () => ({ default: HomePage }), navBar: 'custom', title: 'home:title', tabbar: true }],
  menu: [{ slot: 'tabbar', id: 'home', label: 'home:tab', icon: 'home', to: '/pages/index/index', order: 1 }],
});
const goods = inlinePlugin({
  id: 'goods',
  version: '1.0.0',
  i18n: i18n({ detail: 'Goods detail' }, { detail: '商品详情' }),
  routes: [{ path: '/goods/detail/detail', page: async () => ({ default: DetailPage }), navBar: 'default', title: 'goods:detail' }],
});
const cart = inlinePlugin({
  id: 'cart',
  version: '1.0.0',
  i18n: i18n({ title: 'Cart', tab: 'Cart' }, { title: '购物车', tab: '购物车' }),
  routes: [{ path: '/cart/cart', page: async () => ({ default: CartPage }), navBar: 'default', title: 'cart:title', auth: true, tabbar: true }],
  menu: [{ slot: 'tabbar', id: 'cart', label: 'cart:tab', icon: 'cart', to: '/cart/cart', order: 2, badge: badge(cartStore, (s) => s.count) }],
});
const auth = inlinePlugin({
  id: 'auth',
  version: '1.0.0',
  i18n: i18n({ login: 'Login' }, { login: '登录' }),
  routes: [{ path: '/pages/login/login', page: async () => ({ default: LoginPage }), navBar: 'custom', title: 'auth:login' }],
});
const all: InlinePlugin[] = [home, goods, cart, auth];

const setEnabled = (kernel: ReturnType<typeof createTestKernel>, ids: string[]) =>
  act(() => {
    applyIndex(kernel.site, { site: kernel.site.config!, plugins: descriptorsOf(all).filter((d) => ids.includes(d.id)) });
  });

describe('Router', () => {
  it('renders the home page at / with its own bar, the tab bar and the title', async () => {
    const kernel = createTestKernel({ plugins: all, site: { siteName: '优选商城' }, user: { id: 1 } });
    renderRoute(kernel, '/');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.getByText('Custom home bar')).toBeTruthy();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    const tabs = screen.getByRole('navigation');
    expect(tabs.textContent).toContain('首页');
    expect(screen.getByRole('link', { name: /首页/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /购物车/ }).textContent).toContain('2');
    expect(document.title).toBe('首页 - 优选商城');
  });

  it('hands the query to the page under the default navigation bar', async () => {
    const kernel = createTestKernel({ plugins: all });
    renderRoute(kernel, '/goods/detail/detail?id=3');
    expect(await screen.findByText('goods 3 / hook 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '商品详情' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows not-found for an unknown route', async () => {
    renderRoute(createTestKernel({ plugins: all }), '/nowhere/at/all');
    expect(await screen.findAllByText('页面不存在')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('answers not-found for a disabled plugin and drops its tab, and brings both back when re-enabled', async () => {
    const kernel = createTestKernel({ plugins: all, user: { id: 1 } });
    renderRoute(kernel, '/cart/cart');
    expect(await screen.findByText('cart page')).toBeTruthy();
    await setEnabled(kernel, ['home', 'goods', 'auth']);
    expect(await screen.findAllByText('页面不存在')).toBeTruthy();
    await act(async () => kernel.nav.to('/'));
    await screen.findByText('home page');
    expect(screen.queryByRole('link', { name: /购物车/ })).toBeNull();
    await setEnabled(kernel, ['home', 'goods', 'cart', 'auth']);
    expect(screen.getByRole('link', { name: /购物车/ })).toBeTruthy();
    await act(async () => kernel.nav.to('/cart/cart'));
    expect(await screen.findByText('cart page')).toBeTruthy();
  });

  it('updates a tab badge when its store changes', async () => {
    const kernel = createTestKernel({ plugins: all });
    renderRoute(kernel, '/');
    await screen.findByText('home page');
    await act(async () => {
      cartStore.count = 5;
    });
    expect(screen.getByRole('link', { name: /购物车/ }).textContent).toContain('5');
    cartStore.count = 2;
  });

  it('sends anonymous visitors of an auth route to login with returnTo', async () => {
    const kernel = createTestKernel({ plugins: all });
    renderRoute(kernel, '/cart/cart');
    expect(await screen.findByText('login page, back to /cart/cart')).toBeTruthy();
  });

  it('forceLogin sends anonymous visitors to login from every page but login itself', async () => {
    const kernel = createTestKernel({ plugins: all, site: { forceLogin: true } });
    renderRoute(kernel, '/goods/detail/detail?id=3');
    expect(await screen.findByText('login page, back to /goods/detail/detail?id=3')).toBeTruthy();
  });

  it('lets logged-in shoppers through forceLogin', async () => {
    const kernel = createTestKernel({ plugins: all, site: { forceLogin: true }, user: { id: 5 } });
    renderRoute(kernel, '/goods/detail/detail?id=4');
    expect(await screen.findByText('goods 4 / hook 4')).toBeTruthy();
  });
});

describe("a page whose plugin's strings download on first use", () => {
  it('shows its title once the strings arrive, never the key, in the bar and the document title', async () => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const later = inlinePlugin({
      id: 'later',
      version: '1.0.0',
      i18n: { en: async () => ({ default: { title: 'Cash log' } }), 'zh-Hans': async () => arrived.then(() => ({ default: { title: '提现记录' } })) },
      routes: [{ path: '/user/cashLog/cashLog', page: async () => ({ default: () => <p>the log</p> }), navBar: 'default', title: 'later:title' }],
    });
    const kernel = createTestKernel({ plugins: [later] });
    await act(async () => void renderRoute(kernel, '/user/cashLog/cashLog'));
    expect(screen.queryByText('later:title')).toBeNull();
    expect(screen.queryByText('the log')).toBeNull();
    await act(async () => release());
    expect(await screen.findByText('the log')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '提现记录' })).toBeTruthy();
    expect(document.title).toContain('提现记录');
  });
});
