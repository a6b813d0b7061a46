/**
 * The article plugin's browser code: the home page's notice bar (the newest notices; tapping one
 * opens it), in this chunk: the home loads it anyway, so one request rather than two in turn. Its routes and menu entries are in the
 * descriptor (./plugin.ts); its pages and strings are found by file name.
 */
import { defineClient } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import { homeNoticeBar } from '@plugins/home/public-client';
import HomeNotices from './sections/HomeNotices';

export default defineClient({
  contributes: contribute(homeNoticeBar, { id: 'article.notices', component: HomeNotices }),
});
