import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@kernel/core/user';
import { profileUpdate } from './profile';

const reply: UserInfo = {
  id: 3, username: 'ann', nickname: 'New', email: '', mobile: '', avatar: '', gender: 0, birthday: '', money: '9.90',
  score: 3, lastlogintime: 0, lastloginip: '', jointime: 0, motto: '', token: '', refreshToken: '', cartNum: 0,
  cartList: [], openid: '', unionid: '', invite: 'ABC234',
};

describe('profile update', () => {
  it('takes the profile fields but never the empty tokens or the cart', () => {
    const fresh = profileUpdate(reply);
    expect(fresh).toMatchObject({ money: '9.90', score: 3, nickname: 'New', invite: 'ABC234' });
    for (const key of ['token', 'refreshToken', 'cartNum', 'cartList']) expect(fresh).not.toHaveProperty(key);
  });
});
