/**
 * The home page's notice bar (this plugin's `home.noticeBar`): the newest notices' titles take
 * turns, tapping one opens it, and "more" opens the list. The first load's notices came with
 * index.html (../first-screen.ts): no call, no contract; a later visit to the home asks again.
 * Nothing shows when there are no notices; a failure offers a retry in the bar's place.
 */
import { useFirstScreenData } from '@kernel/client/first-screen-data';
import { useNav, usePaged, useT } from '@kernel/client/hooks';
import { Link, NoticeBar } from '@kernel/client/ui';
import type { articleContract, NoticeCard } from '../contract';
import { HOME_NOTICES } from '../first-screen';
import { NOTICE_LIST_PATH, noticePath } from '../paths';
import './home-notices.css';

type NoticesCall = typeof articleContract.notices;
const noticesCall = (): Promise<NoticesCall> => import('../contract').then(({ articleContract }) => articleContract.notices);

export default function HomeNotices() {
  // The home plugin's strings (with the first screen): article's own wait for its pages.
  const { t } = useT('home');
  const nav = useNav();
  const seeded = useFirstScreenData('article');
  const state = usePaged<NoticesCall, NoticeCard>(noticesCall, {}, { limit: HOME_NOTICES, initial: seeded });

  if (state.status === 'loading') return <div className="article-home-bar article-home-bar--waiting" aria-busy="true" />;
  if (state.status === 'error') {
    return <NoticeBar className="article-home-bar" items={[t('notices.failed')]} onClick={() => void state.reload()} />;
  }
  const notices = state.items;
  if (notices.length === 0) return null;
  return (
    <NoticeBar
      className="article-home-bar"
      items={notices.map((notice) => notice.title)}
      onClick={(index) => nav.to(noticePath(notices[index].id))}
      extra={
        <Link to={NOTICE_LIST_PATH} className="article-home-bar__more">
          {t('notices.more')}
        </Link>
      }
    />
  );
}
