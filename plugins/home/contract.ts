/** The home page's content call. */
import { defineCall, shape } from '@kernel/core/contract';
import { empty } from '@kernel/core/schemas';

export interface Banner {
  id: number;
  /** A path the browser prefixes with the CDN address. */
  image: string;
  title: string;
  /** A route path with optional query; '' when the banner leads nowhere. */
  link: string;
}

export interface Notice {
  id: number;
  title: string;
  content: string;
  /** Unix seconds. */
  created_at: number;
}

export interface HomeContent {
  banners: Banner[];
  notices: Notice[];
}

declare module '@kernel/core/site' {
  interface FirstScreenData {
    /** The `/api/home/index` reply, written into index.html so the home page renders at once. */
    home: HomeContent;
  }
}

export const homeContract = {
  index: defineCall({
    path: '/api/home/index',
    payload: empty(),
    reply: shape<HomeContent>(),
    summary: 'Home page content: the enabled banners in order and the latest notices',
  }),
} as const;
