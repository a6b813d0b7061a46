/** The __id__ plugin's calls: the shopper's own list. Both need a logged-in shopper. */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { empty, id, text } from '@kernel/core/schemas';

/** The longest title an entry may have (the column's width). */
export const TITLE_MAX = 60;

export interface __Id__Entry {
  id: number;
  title: string;
  /** Unix seconds. */
  created_at: number;
}

export const __id__Contract = {
  list: defineCall({
    path: '/api/__id__/list',
    auth: 'required',
    payload: empty(),
    reply: shape<__Id__Entry[]>(),
    summary: "The shopper's own entries, newest first",
  }),
  add: defineCall({
    path: '/api/__id__/add',
    auth: 'required',
    // Identity comes from the token: a `user_id` naming anyone else is refused by the kernel.
    owner: 'user_id',
    payload: z.object({ user_id: z.optional(id()), title: text(TITLE_MAX) }),
    // A refusal names the field as the shopper knows it, never by its wire name.
    labels: { title: '__id__:field.title' },
    reply: shape<__Id__Entry>(),
    summary: "Adds an entry to the shopper's own list; the same title twice is refused",
  }),
} as const;
