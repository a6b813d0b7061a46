/** The member plugin's calls. Profile editing, avatar, binding and password come with a later issue. */
import { defineCall, shape } from '@kernel/core/contract';
import { empty } from '@kernel/core/schemas';
import type { UserInfo } from '@kernel/core/user';

export const memberContract = {
  profile: defineCall({
    path: '/api/account/profile',
    method: 'GET',
    auth: 'required',
    payload: empty(),
    reply: shape<UserInfo>(),
    summary: "The logged-in shopper's user info (without tokens): balance, score, profile",
  }),
} as const;
