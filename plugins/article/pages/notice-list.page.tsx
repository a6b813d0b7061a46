/**
 * Notices (`/article/notice/notice`), newest first, paged. A logged-in shopper sees how many are
 * unread and a dot on each; the list loads afresh on every visit, so coming back from a notice
 * shows it read.
 */
import { useState } from 'react';
import { usePaged, useSession, useT } from '@kernel/client/hooks';
import { Empty, List, Page } from '@kernel/client/ui';
import { NoticeRow } from '../components/NoticeRow';
import { articleContract, type NoticeCard, type NoticePage } from '../contract';
import './notice-list.css';

export default function NoticeListPage() {
  const { t } = useT('article');
  const { loggedIn } = useSession();
  // The unread count comes with every page; the newest reply's is the one that holds.
  const [unread, setUnread] = useState(0);
  const state = usePaged<typeof articleContract.notices, NoticeCard>(articleContract.notices, {}, {
    select: (reply) => {
      const page = reply as NoticePage;
      setUnread(page.unread);
      return { items: page.list, total: page.total };
    },
  });
  return (
    <Page>
      {loggedIn && state.status === 'ready' && unread > 0 && (
        <p className="article-notices-unread" role="status">
          {t('notices.unread_count', { count: unread })}
        </p>
      )}
      <List
        state={state}
        className="sf-list--card"
        itemKey={(notice) => notice.id}
        renderItem={(notice) => <NoticeRow notice={notice} marked={loggedIn} />}
        empty={<Empty icon="bell" text={t('notices.empty')} />}
      />
    </Page>
  );
}
