/**
 * A notice (`/article/notice/detail?id=`): title, time and body. Opening it marks it read for a
 * logged-in shopper (the call does), so the list shows it read on the way back.
 */
import { useCall, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { queryId } from '@kernel/client/url';
import { Empty, Page, Skeleton } from '@kernel/client/ui';
import { PostFailure } from '../components/PostFailure';
import { PostTime } from '../components/PostTime';
import { RichBody } from '../components/RichBody';
import { articleContract } from '../contract';
import { NOTICE_LIST_PATH } from '../paths';
import './post-detail.css';

export default function NoticeDetailPage({ query }: PageProps) {
  const { t } = useT('article');
  const id = queryId(query.id);
  const state = useCall(articleContract.notice, id === undefined ? null : { id });

  if (id === undefined) return <Page><Empty text={t('notice.missing')} /></Page>;
  const notice = state.data?.id === id ? state.data : undefined;
  if (state.status === 'error' && !notice) {
    return (
      <Page>
        <PostFailure error={state.error} onRetry={() => void state.reload()} list={NOTICE_LIST_PATH} listLabel={t('notice.all')} />
      </Page>
    );
  }
  return (
    <Page surface>
      {notice ? (
        <article className="article-post" aria-label={notice.title}>
          <h1 className="article-post__title">{notice.title}</h1>
          <p className="article-post__meta">
            <PostTime at={notice.published_at} />
          </p>
          <RichBody html={notice.body} />
        </article>
      ) : (
        <div className="article-post" aria-busy="true">
          <Skeleton rows={4} />
        </div>
      )}
    </Page>
  );
}
