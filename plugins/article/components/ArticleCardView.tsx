/** An article in the list: title, two lines of summary, date and reads, the cover on the right; opens the article. */
import { useT } from '@kernel/client/hooks';
import { Img, Link } from '@kernel/client/ui';
import { dateOnly } from '@kernel/core/time';
import type { ArticleCard } from '../contract';
import { articlePath } from '../paths';
import { PostTime } from './PostTime';
import './rows.css';
import './article-card.css';

export function ArticleCardView({ article }: { article: ArticleCard }) {
  const { t } = useT('article');
  return (
    <Link to={articlePath(article.id)} className="article-row article-card" aria-label={article.title}>
      <div className="article-card__main">
        <h2 className="article-card__title sf-two-lines">{article.title}</h2>
        {article.summary && <p className="article-card__summary sf-two-lines">{article.summary}</p>}
        <p className="article-card__meta">
          <PostTime at={article.published_at} format={dateOnly} />
          <span>{t('list.reads', { count: article.reads })}</span>
        </p>
      </div>
      {article.cover && <Img src={article.cover} alt="" ratio={4 / 3} sizes="112px" className="article-card__cover" />}
    </Link>
  );
}
