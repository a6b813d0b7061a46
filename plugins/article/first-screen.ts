/**
 * The home notice bar's first screen: the newest notices as a visitor sees them (the
 * `/api/article/notices` reply for page 1 and HOME_NOTICES rows), which the server's `firstScreen`
 * writes into index.html, so the home paints the bar without a call (and without the HTTP client
 * and the contract, which the home's script budget has no room for).
 */
import type { NoticePage } from './contract';

/** How many notices the home bar turns through. */
export const HOME_NOTICES = 5;

declare module '@kernel/core/site' {
  interface FirstScreenData {
    article: NoticePage;
  }
}
