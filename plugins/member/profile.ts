/**
 * What a fresh profile may change in the stored session. The profile call answers without
 * tokens (and knows nothing of the cart plugin's count), so those fields must not overwrite
 * the session's.
 */
import type { UserInfo } from '@kernel/core/user';

export function profileUpdate(info: UserInfo): Partial<UserInfo> {
  const { token: _token, refreshToken: _refresh, cartNum: _cartNum, cartList: _cartList, ...fresh } = info;
  return fresh;
}

/** The app's version code beside the site's version name: "1.1.1102 (133)" (spec §1). */
export const VERSION_CODE = 133;
