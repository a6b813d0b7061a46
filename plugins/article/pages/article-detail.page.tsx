/**
 * An article (`/article/detail?id=`): title, category, time and reads, the body, and the goods it
 * links as cards that open them. Opening it counts a read, once a day per shopper, or per visitor
 * by the id this browser keeps (../visitor.ts).
 */
import { useCall, useKernel, useSession, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { queryId } from '@kernel/client/url';
import { Empty, Page, Skeleton } from '@kernel/client/ui';
import { GoodsTile } from '../components/GoodsTile';
import { PostFailure } from '../components/PostFailure';
import { PostTime } from '../components/PostTime';
import { RichBody } from '../components/RichBody';
import { articleContract, type ArticleDetail } from '../contract';
import { ARTICLE_LIST_PATH } from '../paths';
import { visitorId } from '../visitor';
import './post-detail.css';

export default function ArticleDetailPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('article');
  const { loggedIn } = useSession();
  const id = queryId(query.id);
  const payload = id === undefined ? null : loggedIn ? { id } : { id, visitor: visitorId(kernel.storage) };
  const state = useCall(articleContract.detail, payload);

  if (id === undefined) return <Page><Empty text={t('detail.missing')} /></Page>;
  const article = state.data?.id === id ? state.data : undefined;
  if (state.status === 'error' && !article) {
    return (
      <Page>
        <PostFailure error={state.error} onRetry={() => void state.reload()} list={ARTICLE_LIST_PATH} listLabel={t('detail.more')} />
      </Page>
    );
  }
  if (!article) {
    return (
      <Page surface>
        <div className="article-post" aria-busy="true">
          <Skeleton rows={6} />
        </div>
      </Page>
    );
  }
  return <ArticleView article={article} />;
}

function ArticleView({ article }: { article: ArticleDetail }) {
  const { t } = useT('article');
  return (
    <Page surface>
      <article className="article-post" aria-label={article.title}>
        <h1 className="article-post__title">{article.title}</h1>
        <p className="article-post__meta">
          {article.category && <span className="article-post__category">{article.category}</span>}
          <PostTime at={article.published_at} />
          <span>{t('detail.reads', { count: article.reads })}</span>
        </p>
        <RichBody html={article.body} />
      </article>
      {article.goods.length > 0 && (
        <section className="article-post__goods" aria-label={t('detail.goods')}>
          <h2 className="article-post__heading">{t('detail.goods')}</h2>
          {article.goods.map((goods) => (
            <GoodsTile key={goods.id} goods={goods} />
          ))}
        </section>
      )}
    </Page>
  );
}
