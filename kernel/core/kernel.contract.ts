/**
 * Calls the kernel itself answers: the boot sequence needs them whatever plugins a site runs.
 */
import { defineCall, shape } from './contract';
import * as z from 'zod/mini';
import { empty, text } from './schemas';
import type { IndexReply } from './site';
import type { LoginReply } from './user';

export const kernelContract = {
  index: defineCall({
    path: '/api/index/index',
    payload: empty(),
    reply: shape<IndexReply>(),
    summary: 'Site config and the enabled plugins, in load order',
  }),
  serverTime: defineCall({
    path: '/api/index/getServerTime',
    payload: empty(),
    reply: shape<{ time: number; timezone: string; date: string }>(),
    summary: 'Server time (unix seconds) and the business date in Asia/Shanghai',
  }),
  refreshToken: defineCall({
    path: '/api/token/refresh',
    payload: z.object({ refresh_token: text(128) }),
    reply: shape<LoginReply>(),
    summary: 'Trade a refresh token for a new token pair (the old refresh token stops working)',
  }),
  upload: defineCall({
    path: '/api/ajax/uploadApp',
    auth: 'required',
    multipart: true,
    payload: empty(),
    reply: shape<{ url: string; fullurl: string }>(),
    summary: 'Upload a file (multipart field `file`); size and type from the site config',
  }),
} as const;
