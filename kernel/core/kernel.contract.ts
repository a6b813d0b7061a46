/**
 * Calls the kernel itself answers: the boot sequence needs them whatever plugins a site runs.
 */
import { defineCall, shape } from './contract';
import { empty, z } from './schemas';
import type { IndexReply } from './site';

export const kernelContract = {
  index: defineCall({
    path: '/api/index/index',
    payload: empty(),
    reply: shape<IndexReply>(),
    summary: 'Site config and the enabled plugins, in load order',
  }),
  serverTime: defineCall({
    path: '/api/index/getServerTime',
    payload: z.object({}),
    reply: shape<{ time: number; timezone: string; date: string }>(),
    summary: 'Server time (unix seconds) and the business date in Asia/Shanghai',
  }),
} as const;
