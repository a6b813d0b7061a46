/**
 * A notice in the list: title, summary and date, opening it. For a logged-in shopper an unread one
 * has a dot and a bold title; a visitor's notices carry no read state, so they have neither.
 */
import { useT } from '@kernel/client/hooks';
import { Badge, Link } from '@kernel/client/ui';
import { dateOnly } from '@kernel/core/time';
import type { NoticeCard } from '../contract';
import { noticePath } from '../paths';
import { PostTime } from './PostTime';
import './rows.css';
import './notice-row.css';

export function NoticeRow({ notice, marked }: { notice: NoticeCard; marked: boolean }) {
  const { t } = useT('article');
  const unread = marked && notice.read === 0;
  return (
    <Link to={noticePath(notice.id)} className={`article-row article-notice${unread ? ' article-notice--unread' : ''}`} aria-label={notice.title}>
      <span className="article-notice__head">
        {unread && (
          <>
            <Badge dot />
            <span className="sf-visually-hidden">{t('notices.unread')}</span>
          </>
        )}
        <span className="article-notice__title">{notice.title}</span>
        <PostTime at={notice.published_at} format={dateOnly} className="article-notice__time" />
      </span>
      {notice.summary && <span className="article-notice__summary sf-two-lines">{notice.summary}</span>}
    </Link>
  );
}
