import { describe, expect, it } from 'vitest';
import { defineCall, shape } from '../core/contract';
import * as z from 'zod/mini';
import { createTestKernel, fakeApi, failReply, testUser } from '../../tests/setup/kernel';
import { LogoutCall } from './tokens';

const logoutCall = defineCall({ path: '/api/user/logout', payload: z.object({ refresh_token: z.string() }), reply: shape<null>(), summary: 'logout' });

describe('session', () => {
  it('is logged in only with both an id and a token', () => {
    const kernel = createTestKernel();
    expect(kernel.session.state.loggedIn).toBe(false);
    kernel.session.login(testUser({ id: 3, token: '' }));
    expect(kernel.session.state.loggedIn).toBe(false);
    kernel.session.login(testUser({ id: 3, token: 't' }));
    expect(kernel.session.state.loggedIn).toBe(true);
  });

  it('persists the user info and restores it in a new kernel', () => {
    const first = createTestKernel();
    first.session.login(testUser({ id: 4, nickname: 'Bo' }));
    first.session.update({ money: '12.50' });
    const second = createTestKernel();
    expect(second.session.state.user).toMatchObject({ id: 4, nickname: 'Bo', money: '12.50' });
    expect(second.session.state.loggedIn).toBe(true);
  });

  it('ignores a stored value that is not a user', () => {
    localStorage.setItem('storefront:v1:user', '{"name":"not a user"}');
    expect(createTestKernel().session.state.user).toBeNull();
  });

  it('announces login and logout', () => {
    const kernel = createTestKernel();
    const seen: string[] = [];
    kernel.session.on('login', (user) => seen.push(`in:${user?.id}`));
    const stop = kernel.session.on('logout', () => seen.push('out'));
    kernel.session.login(testUser({ id: 9 }));
    kernel.session.clear();
    stop();
    kernel.session.login(testUser({ id: 9 }));
    kernel.session.clear();
    expect(seen).toEqual(['in:9', 'out', 'in:9']);
  });

  it('logs out through the provided call and clears on code 1', async () => {
    const api = fakeApi({ '/api/user/logout': () => null });
    const kernel = createTestKernel({ adapter: api, user: { refreshToken: 'r-1' } });
    kernel.container.register(LogoutCall, { useValue: logoutCall });
    await expect(kernel.session.logout()).resolves.toBe(true);
    expect(api.requests[0].body).toEqual({ refresh_token: 'r-1' });
    expect(kernel.session.state.user).toBeNull();
    expect(localStorage.getItem('storefront:v1:user')).toBeNull();
  });

  it('keeps the shopper logged in when the server answers code 0', async () => {
    const api = fakeApi({ '/api/user/logout': () => failReply('try again') });
    const kernel = createTestKernel({ adapter: api, user: { id: 2 } });
    kernel.container.register(LogoutCall, { useValue: logoutCall });
    await expect(kernel.session.logout()).resolves.toBe(false);
    expect(kernel.session.state.loggedIn).toBe(true);
    expect(localStorage.getItem('storefront:v1:user')).not.toBeNull();
  });

  it('keeps the shopper logged in when the logout request fails', async () => {
    const api = fakeApi({ '/api/user/logout': () => ({ status: 500 }) });
    const kernel = createTestKernel({ adapter: api, user: { id: 2 } });
    kernel.container.register(LogoutCall, { useValue: logoutCall });
    await expect(kernel.session.logout()).resolves.toBe(false);
    expect(kernel.session.state.loggedIn).toBe(true);
  });

  it('clears locally when no plugin provides a logout call', async () => {
    const api = fakeApi();
    const kernel = createTestKernel({ adapter: api, user: { id: 2 } });
    await expect(kernel.session.logout()).resolves.toBe(true);
    expect(kernel.session.state.loggedIn).toBe(false);
    expect(api.requests).toHaveLength(0);
  });
});

describe('session logout call provided as a loader', () => {
  it('loads the call first, then logs out', async () => {
    const api = fakeApi({ '/api/user/logout': () => null });
    const kernel = createTestKernel({ adapter: api, user: { refreshToken: 'r-2' } });
    kernel.container.register(LogoutCall, { useValue: () => Promise.resolve(logoutCall) });
    await expect(kernel.session.logout()).resolves.toBe(true);
    expect(api.requests.map((r) => r.path)).toEqual(['/api/user/logout']);
    expect(kernel.session.state.loggedIn).toBe(false);
  });
});

describe('an expired session', () => {
  it('is cleared without calling the server and remembered, also by a reloaded kernel', async () => {
    const api = fakeApi();
    const kernel = createTestKernel({ adapter: api, user: { id: 5 } });
    kernel.container.register(LogoutCall, { useValue: logoutCall });
    const seen: string[] = [];
    kernel.session.on('logout', () => seen.push('out'));
    expect(kernel.session.expire()).toBe(true);
    expect(kernel.session.state).toMatchObject({ user: null, loggedIn: false, expired: true });
    expect(seen).toEqual(['out']);
    expect(api.requests).toHaveLength(0);
    expect(createTestKernel().session.state.expired).toBe(true);
  });

  it('is nothing to remember when nobody was logged in', () => {
    const kernel = createTestKernel();
    expect(kernel.session.expire()).toBe(false);
    expect(kernel.session.state.expired).toBe(false);
  });

  it('is forgotten once explained, or at the next login', () => {
    const kernel = createTestKernel({ user: { id: 5 } });
    kernel.session.expire();
    kernel.session.expiryShown();
    expect(createTestKernel().session.state.expired).toBe(false);
    kernel.session.login(testUser({ id: 5 }));
    kernel.session.expire();
    kernel.session.login(testUser({ id: 5 }));
    expect(kernel.session.state.expired).toBe(false);
    expect(localStorage.getItem('storefront:v1:session_expired')).toBeNull();
  });
});
