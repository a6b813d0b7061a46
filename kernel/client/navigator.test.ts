import { describe, expect, it } from 'vitest';
import { createNavigator, currentLocation } from './navigator';

describe('navigator', () => {
  it('writes the query into the hash and announces the change', () => {
    const nav = createNavigator();
    const seen: string[] = [];
    const listener = () => seen.push(currentLocation());
    addEventListener('hashchange', listener);
    nav.to('/goods/detail/detail', { id: 3 });
    nav.replace('/goods/list/list?keyword=tea', { page: 2 });
    removeEventListener('hashchange', listener);
    expect(seen).toEqual(['/goods/detail/detail?id=3', '/goods/list/list?keyword=tea&page=2']);
  });

  it('sends to login with the current location as returnTo, but not from the login page itself', () => {
    const nav = createNavigator();
    nav.to('/user/money/money', { tab: 1 });
    nav.login();
    expect(currentLocation()).toBe('/pages/login/login?returnTo=%2Fuser%2Fmoney%2Fmoney%3Ftab%3D1');
    nav.login('/elsewhere');
    expect(currentLocation()).toBe('/pages/login/login?returnTo=%2Fuser%2Fmoney%2Fmoney%3Ftab%3D1');
  });

  it('goes home on "back" when the app has no history of its own', () => {
    window.history.replaceState(null, '', '#/goods/detail/detail?id=1');
    createNavigator().back();
    expect(currentLocation()).toBe('/pages/index/index');
  });

  it('steps back through the app\'s own history', async () => {
    window.history.replaceState(null, '', '#/a');
    const nav = createNavigator();
    nav.to('/b');
    // The browser steps back on a later turn and says so with hashchange.
    const steppedBack = new Promise((resolve) => addEventListener('hashchange', resolve, { once: true }));
    nav.back();
    await steppedBack;
    expect(currentLocation()).toBe('/a');
  });
});

describe('navigator history', () => {
  it('does not count a replacement as a step the shopper can go back over', async () => {
    window.history.replaceState(null, '', '#/start');
    const nav = createNavigator();
    nav.replace('/pages/login/login');
    nav.back();
    expect(currentLocation()).toBe('/pages/index/index');
  });
});
