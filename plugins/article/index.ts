/**
 * The article plugin's browser code: the home page's notice bar (the newest notices; tapping one
 * opens it), a lazy chunk that loads with the home. Its routes and menu entries are in the
 * descriptor (./plugin.ts); its pages and strings are found by file name.
 */
import { lazy } from 'react';
import { defineClient } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import { homeNoticeBar } from '@plugins/home/public-client';

export default defineClient({
  contributes: contribute(homeNoticeBar, { id: 'article.notices', component: lazy(() => import('./sections/HomeNotices')) }),
});
