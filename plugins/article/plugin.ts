/**
 * The article plugin: articles by category with their linked goods (`/article/articleList`,
 * `/article/detail`), and notices with each shopper's read state (`/article/notice/notice`,
 * `/article/notice/detail`). It fills the home page's notice bar (`home.noticeBar`): the newest
 * notices, tapping one opens it. Publishing is the operator's (`storefront article …`,
 * `storefront article notice add`): scheduled by `published_at`, hidden at will.
 */
import { describePlugin } from '@kernel/core/descriptor';
import { homeNoticeBar } from '@plugins/home/points';
import { ARTICLE_DETAIL_PATH, ARTICLE_LIST_PATH, NOTICE_DETAIL_PATH, NOTICE_LIST_PATH } from './paths';

export default describePlugin({
  id: 'article',
  version: '1.0.0',
  requires: ['auth', 'goods', 'home'],
  // Operator commands (./operator.ts): `storefront article add|list|hide|show|notice add`.
  commands: true,
  routes: [
    { path: ARTICLE_LIST_PATH, page: 'article-list', navBar: 'custom', title: 'article:list.title' },
    { path: ARTICLE_DETAIL_PATH, page: 'article-detail', navBar: 'default', title: 'article:detail.title' },
    { path: NOTICE_LIST_PATH, page: 'notice-list', navBar: 'default', title: 'article:notices.title' },
    { path: NOTICE_DETAIL_PATH, page: 'notice-detail', navBar: 'default', title: 'article:notice.title' },
  ],
  menu: [
    { slot: 'home.grid', id: 'articles', label: 'article:menu.articles', icon: 'article', to: ARTICLE_LIST_PATH, order: 60 },
    { slot: 'member.services', id: 'notices', label: 'article:menu.notices', icon: 'bell', to: NOTICE_LIST_PATH, order: 40 },
  ],
  fills: [homeNoticeBar],
  // The home notice bar words itself with the home plugin's strings: article's own download with its pages.
  bootStrings: [],
});
