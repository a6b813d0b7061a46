/**
 * The member plugin's calls: the shopper's own profile (read and edit) and avatar. Identity comes
 * from the token; an `id` naming anyone else is refused by the kernel (`owner: 'id'`).
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { empty, id } from '@kernel/core/schemas';
import type { UserInfo } from '@kernel/core/user';
import { BIRTHDAY_FORMAT, MOTTO_MAX, NICKNAME_MAX } from './profile-rules';

const nickname = () =>
  z.string().check(
    z.trim(),
    z.minLength(1, { error: 'member:validation.nickname' }),
    z.refine((v) => [...v].length <= NICKNAME_MAX, { error: 'member:validation.nickname' }),
  );

/** 0 secret, 1 male, 2 female; as a number or a digit string (form values). */
const gender = () =>
  z.pipe(
    z.union([z.literal(0), z.literal(1), z.literal(2), z.enum(['0', '1', '2'])], { error: 'member:validation.gender' }),
    z.transform((value) => Number(value) as 0 | 1 | 2),
  );

/** `YYYY-MM-DD` or empty (no birthday); whether the date is real and in range the server checks with its clock. */
const birthday = () =>
  z.string().check(
    z.trim(),
    z.refine((v) => v === '' || BIRTHDAY_FORMAT.test(v), { error: 'member:validation.birthday' }),
  );

const motto = () =>
  z.string().check(
    z.trim(),
    z.refine((v) => [...v].length <= MOTTO_MAX, { error: 'member:validation.motto' }),
  );

/** Where our upload stores files (kernel/server/upload-rules.ts): never an arbitrary URL. */
const uploadedPath = () =>
  z.string().check(
    z.trim(),
    z.regex(/^\/uploads\/[A-Za-z0-9_\-/.]+$/, { error: 'member:validation.avatar' }),
    z.refine((v) => !v.includes('..'), { error: 'member:validation.avatar' }),
    z.maxLength(255, { error: 'member:validation.avatar' }),
  );

export const memberContract = {
  profile: defineCall({
    path: '/api/account/profile',
    method: 'GET',
    auth: 'required',
    payload: empty(),
    reply: shape<UserInfo>(),
    summary: "The logged-in shopper's user info (without tokens): balance, score, profile",
  }),
  updateProfile: defineCall({
    path: '/api/account/profile',
    auth: 'required',
    owner: 'id',
    payload: z.object({
      id: z.optional(id()),
      nickname: z.optional(nickname()),
      gender: z.optional(gender()),
      birthday: z.optional(birthday()),
      motto: z.optional(motto()),
    }),
    reply: shape<UserInfo>(),
    summary: 'Edit the profile (nickname, gender, birthday, motto; fields left out stay); answers the fresh user info',
  }),
  changeAvatar: defineCall({
    path: '/api/account/changeAvatar',
    auth: 'required',
    owner: 'id',
    payload: z.object({ id: z.optional(id()), avatar: uploadedPath() }),
    reply: shape<UserInfo>(),
    summary: 'Use a picture the shopper uploaded through /api/ajax/uploadApp as the avatar; answers the fresh user info',
  }),
} as const;
