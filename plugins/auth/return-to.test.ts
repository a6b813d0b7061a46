import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './return-to';

const withMember = () => true;
const withoutMember = () => false;

describe('after login', () => {
  it('goes back to the page that sent the shopper to log in, query and all', () => {
    expect(afterLoginPath('/goods/detail/detail?id=3', withMember)).toBe('/goods/detail/detail?id=3');
  });

  it('goes to the member centre when there is nowhere to return to', () => {
    expect(afterLoginPath(undefined, withMember)).toBe('/pages/user/user');
    expect(afterLoginPath('', withMember)).toBe('/pages/user/user');
  });

  it('goes home when the member centre is switched off', () => {
    expect(afterLoginPath(undefined, withoutMember)).toBe('/pages/index/index');
  });

  it('never returns to the login or register page, nor leaves the shop', () => {
    for (const target of ['/pages/login/login?returnTo=/x', '/pages/register/register', '/pages/resetpwd/resetpwd', '//evil.test/x', 'https://evil.test']) {
      expect(afterLoginPath(target, withMember)).toBe('/pages/user/user');
    }
  });

  it('takes a staff member without a returnTo to the chat desk, when the site runs chat', () => {
    const withChat = (path: string) => path === '/staff/desk/desk' || path === '/pages/user/user';
    expect(afterLoginPath(undefined, withChat, true)).toBe('/staff/desk/desk');
    expect(afterLoginPath('/pages/login/login', withChat, true)).toBe('/staff/desk/desk');
    expect(afterLoginPath(undefined, withChat, false)).toBe('/pages/user/user');
    expect(afterLoginPath(undefined, (path) => path === '/pages/user/user', true)).toBe('/pages/user/user');
  });

  it('honours an explicit returnTo for staff too', () => {
    expect(afterLoginPath('/goods/detail/detail?id=3', withMember, true)).toBe('/goods/detail/detail?id=3');
  });
});
