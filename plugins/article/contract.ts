/** The article plugin's calls: the shopper's own list. Both need a logged-in shopper. */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { empty, id, text } from '@kernel/core/schemas';

/** The longest title an entry may have (the column's width). */
export const TITLE_MAX = 60;

export interface ArticleEntry {
  id: number;
  title: string;
  /** Unix seconds. */
  created_at: number;
}

export const articleContract = {
  list: defineCall({
    path: '/api/article/list',
    auth: 'required',
    payload: empty(),
    reply: shape<ArticleEntry[]>(),
    summary: "The shopper's own entries, newest first",
  }),
  add: defineCall({
    path: '/api/article/add',
    auth: 'required',
    // Identity comes from the token: a `user_id` naming anyone else is refused by the kernel.
    owner: 'user_id',
    payload: z.object({ user_id: z.optional(id()), title: text(TITLE_MAX) }),
    // A refusal names the field as the shopper knows it, never by its wire name.
    labels: { title: 'article:field.title' },
    reply: shape<ArticleEntry>(),
    summary: "Adds an entry to the shopper's own list; the same title twice is refused",
  }),
} as const;
