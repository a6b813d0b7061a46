/**
 * Issue #11: a session ended elsewhere (a password change) looked like a crash on reload. Now the
 * boot ends it quietly: an anonymous route stays usable, a protected route goes to login, which
 * says calmly "登录已过期，请重新登录" — never the "service error" modal.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineCall, shape } from '../../core/contract';
import * as z from 'zod/mini';
import { createTestKernel, fakeApi, type FakeApi, descriptorsOf } from '../../../tests/setup/kernel';
import { useKernel } from '../hooks';
import { inlinePlugin, type PageProps } from '../plugin';
import { App } from './App';

const CALM = '登录已过期，请重新登录';
const basket = defineCall({ path: '/api/basket/index', auth: 'required', payload: z.object({}), reply: shape<{ count: number }>(), summary: 'basket' });

function BasketPage() {
  const kernel = useKernel();
  return (
    <button type="button" onClick={() => void kernel.http.call(basket, {}).catch(() => null)}>
      refresh basket
    </button>
  );
}

const shop = inlinePlugin({
  id: 'shop',
  version: '1.0.0',
  i18n: { en: { home: 'Home', basket: 'Basket', login: 'Login' }, 'zh-Hans': { home: '首页', basket: '购物篮', login: '登录' } },
  routes: [
    { path: '/pages/index/index', page: async () => ({ default: () => <p>welcome home</p> }), navBar: 'custom', title: 'shop:home' },
    { path: '/basket/basket', page: async () => ({ default: BasketPage }), navBar: 'default', title: 'shop:basket', auth: true },
    { path: '/pages/login/login', page: async () => ({ default: ({ query }: PageProps) => <p>login form, back to {query.returnTo}</p> }), navBar: 'custom', title: 'shop:login' },
  ],
  // Like the cart: loaded at boot with the stored token.
  boot: async (kernel) => {
    if (kernel.session.state.loggedIn) await kernel.http.data(basket, {});
  },
});

const indexReply = { site: { siteName: '优选商城', forceLogin: false, cdnUrl: '', apiUrl: '' }, plugins: descriptorsOf([shop]) };

/** A server that ended the session: the access token and the refresh token are both refused. */
function endedSession(): FakeApi {
  return fakeApi({
    '/api/index/index': () => indexReply,
    '/api/basket/index': () => ({ status: 401 }),
    '/api/token/refresh': () => ({ status: 401 }),
  });
}

function reload(location: string, api: FakeApi) {
  window.history.replaceState(null, '', `#${location}`);
  const kernel = createTestKernel({ plugins: [shop], adapter: api, booted: false, user: { id: 7, token: 'revoked', refreshToken: 'revoked-too' } });
  render(<App kernel={kernel} />);
  return kernel;
}

const go = (location: string) =>
  act(() => {
    window.location.hash = location;
  });

describe('a session ended elsewhere', () => {
  it('reloads the home page quietly: no modal, the page usable, the session gone', async () => {
    const api = endedSession();
    const kernel = reload('/pages/index/index', api);
    expect(await screen.findByText('welcome home')).toBeTruthy();
    expect(api.requests.map((r) => r.path).sort()).toEqual(['/api/basket/index', '/api/index/index', '/api/token/refresh']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(CALM)).toBeNull();
    expect(kernel.session.state.loggedIn).toBe(false);
    expect(window.location.hash).toBe('#/pages/index/index');
  });

  it('then says calmly on the login page why a protected route asks to log in', async () => {
    reload('/pages/index/index', endedSession());
    await screen.findByText('welcome home');
    await go('/basket/basket');
    expect(await screen.findByText('login form, back to /basket/basket')).toBeTruthy();
    // The calm message is a toast over the login page: under load it can come a render after the page.
    expect((await screen.findByRole('status')).textContent).toContain(CALM);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reloads a protected route straight to login with the calm message', async () => {
    reload('/basket/basket', endedSession());
    expect(await screen.findByText('login form, back to /basket/basket')).toBeTruthy();
    // The calm message is a toast over the login page: under load it can come a render after the page.
    expect(await screen.findByText(CALM)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says it once: the next visit to login is a plain login', async () => {
    const kernel = reload('/basket/basket', endedSession());
    await screen.findByText('login form, back to /basket/basket');
    // The notice is shown by an effect after the login page renders: under load it comes a render later.
    await screen.findByText(CALM);
    expect(kernel.session.state.expired).toBe(false);
    await go('/pages/index/index');
    await screen.findByText('welcome home');
    await go('/pages/login/login');
    await screen.findByText(/login form/);
    expect(screen.getAllByText(CALM)).toHaveLength(1);
  });

  it('sends a user action on a protected route that meets a 401 to login, calmly', async () => {
    let alive = true;
    const api = fakeApi({
      '/api/index/index': () => indexReply,
      '/api/basket/index': () => (alive ? { count: 1 } : { status: 401 }),
      '/api/token/refresh': () => ({ status: 401 }),
    });
    reload('/basket/basket', api);
    fireEvent.click(await screen.findByRole('button', { name: 'refresh basket' }));
    alive = false;
    fireEvent.click(screen.getByRole('button', { name: 'refresh basket' }));
    expect(await screen.findByText('login form, back to /basket/basket')).toBeTruthy();
    // The calm message is a toast over the login page: under load it can come a render after the page.
    expect(await screen.findByText(CALM)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
