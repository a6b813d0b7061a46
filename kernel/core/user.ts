/** User info as the browser persists it (spec §3). Money is on the wire as yuan strings. */
export interface UserInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  avatar: string;
  /** 0 unknown/secret, 1 male, 2 female. */
  gender: 0 | 1 | 2;
  birthday: string;
  /** Balance, yuan with two decimals. */
  money: string;
  score: number;
  lastlogintime: number;
  lastloginip: string;
  jointime: number;
  motto: string;
  token: string;
  refreshToken: string;
  /** Total quantity in the cart (sum of quantities); kept by the cart plugin. */
  cartNum: number;
  cartList: unknown[];
  openid: string;
  unionid: string;
  /** This user's invite code. */
  invite: string;
  /** 1 for a customer-service staff member (they answer at the chat desk). Absent in info stored before it existed. */
  is_staff?: 0 | 1;
}

/** A staff member, by the stored user info; a missing flag (older stored info) is a shopper. */
export const isStaffUser = (user: Pick<UserInfo, 'is_staff'> | null | undefined): boolean => user?.is_staff === 1;

/** What login, register and token refresh answer. */
export interface LoginReply {
  userinfo: UserInfo;
}
