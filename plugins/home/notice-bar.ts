/**
 * The `home.noticeBar` extension point: a plugin with notices of its own (article) draws the bar
 * under the banners instead of the home plugin's notices. With no such plugin enabled, the home
 * page shows its own (home_notice), as before.
 */
import type { ComponentType } from 'react';

export interface HomeNoticeBar {
  /** Unique across plugins, e.g. `article.notices`. */
  id: string;
  /** May be `React.lazy(...)`: the home page renders it inside Suspense. Renders nothing when it has no notices. */
  component: ComponentType;
}

export { homeNoticeBar } from './points';
