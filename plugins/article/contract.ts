/**
 * The article plugin's calls: articles (list by category and keyword, detail with its linked
 * goods) and notices (list with the shopper's read state, detail that marks it read). Everything
 * is open to visitors; a logged-in shopper's identity comes from the token. Text comes in the
 * request's language (English falls back to Chinese where an operator wrote none). A shopper never
 * gets an article or notice that is hidden or whose `published_at` is still to come.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { id, limit, optionalText, page, whole } from '@kernel/core/schemas';
import type { GoodsCard } from '@plugins/goods/contract';

export interface ArticleCategory {
  id: number;
  name: string;
}

/** An article as the list shows it. */
export interface ArticleCard {
  id: number;
  category_id: number | null;
  title: string;
  /** Plain text, a line or two. */
  summary: string;
  /** A picture path (the browser adds the CDN prefix, spec §5); '' when there is none. */
  cover: string;
  /** Unix seconds: when it was (or is) published. */
  published_at: number;
  /** Reads: once per shopper (or visitor) per day. */
  reads: number;
}

export interface ArticlePage {
  /** The categories that hold a published article, by sort order: the list's tabs. */
  categories: ArticleCategory[];
  list: ArticleCard[];
  total: number;
  page: number;
  limit: number;
}

export interface ArticleDetail extends ArticleCard {
  category: string;
  /** Sanitised on the server (kernel/server/rich-text.ts); relative picture paths still need the CDN prefix. */
  body: string;
  /** The goods the article links, in its order, those on sale only. */
  goods: GoodsCard[];
}

/** Spec §4's message read flag: 0 unread, 1 read. A visitor reads every notice as unread. */
export type ReadFlag = 0 | 1;

export interface NoticeCard {
  id: number;
  title: string;
  summary: string;
  published_at: number;
  read: ReadFlag;
}

export interface NoticePage {
  list: NoticeCard[];
  total: number;
  /** The logged-in shopper's unread notices (0 for a visitor). */
  unread: number;
  page: number;
  limit: number;
}

export interface NoticeDetail {
  id: number;
  title: string;
  body: string;
  published_at: number;
  /** After this call: 1 for a logged-in shopper (it marked it read), 0 for a visitor. */
  read: ReadFlag;
}

/** A visitor's read is counted by the id their browser keeps (a shopper's by their account). */
const visitor = () => optionalText(64);

export const articleContract = {
  list: defineCall({
    path: '/api/article/list',
    auth: 'optional',
    payload: z.object({ category_id: z.optional(whole()), keyword: optionalText(40), page: page(), limit: limit(50, 10) }),
    labels: { keyword: 'article:field.keyword' },
    reply: shape<ArticlePage>(),
    summary: 'Published articles, newest first, of one category (0 or none: all) and matching a keyword; the categories as tabs',
  }),
  detail: defineCall({
    path: '/api/article/detail',
    auth: 'optional',
    payload: z.object({ id: id(), visitor: visitor() }),
    reply: shape<ArticleDetail>(),
    summary: 'One published article with its linked goods; counts a read once per shopper or visitor per day',
  }),
  notices: defineCall({
    path: '/api/article/notices',
    auth: 'optional',
    payload: z.object({ page: page(), limit: limit(50, 10) }),
    reply: shape<NoticePage>(),
    summary: "Published notices, newest first, each with the shopper's read flag",
  }),
  notice: defineCall({
    path: '/api/article/notice',
    auth: 'optional',
    payload: z.object({ id: id() }),
    reply: shape<NoticeDetail>(),
    summary: 'One published notice; marks it read for a logged-in shopper',
  }),
} as const;
