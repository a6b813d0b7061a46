import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, descriptorsOf, fakeApi, fakeBrowser } from '../../../tests/setup/kernel';
import { inlinePlugin } from '../plugin';
import { App } from './App';

const home = inlinePlugin({
  id: 'home',
  version: '1.0.0',
  i18n: { en: { title: 'Home' }, 'zh-Hans': { title: '首页' } },
  routes: [{ path: '/pages/index/index', page: async () => ({ default: () => <p>welcome home</p> }), navBar: 'custom', title: 'home:title' }],
});
const indexReply = { site: { siteName: '优选商城', siteTheme: '#e93323', forceLogin: false, cdnUrl: '', apiUrl: '' }, plugins: descriptorsOf([home]) };

describe('App', () => {
  it('boots and shows the home page', async () => {
    const api = fakeApi({ '/api/index/index': () => indexReply });
    const kernel = createTestKernel({ plugins: [home], adapter: api, booted: false });
    render(<App kernel={kernel} />);
    expect(await screen.findByText('welcome home')).toBeTruthy();
    expect(document.title).toBe('首页 - 优选商城');
  });

  it('shows the boot failure with a retry that boots once the server is back', async () => {
    let up = false;
    const api = fakeApi({ '/api/index/index': () => (up ? indexReply : { status: 502 }) });
    const kernel = createTestKernel({ plugins: [home], adapter: api, booted: false });
    render(<App kernel={kernel} />);
    expect(await screen.findByText(/商城加载失败/)).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('网关错误！');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    up = true;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('welcome home')).toBeTruthy();
  });

  it('waits for the network and says so', async () => {
    const browser = fakeBrowser({ online: false });
    const api = fakeApi({ '/api/index/index': () => indexReply });
    const kernel = createTestKernel({ plugins: [home], adapter: api, booted: false, browser });
    render(<App kernel={kernel} />);
    expect(await screen.findByText('正在等待网络…')).toBeTruthy();
    browser.online = true;
    expect(await screen.findByText('welcome home')).toBeTruthy();
  });
});
