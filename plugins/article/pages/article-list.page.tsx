/**
 * Articles (`/article/articleList?category_id=&keyword=`), with a bar of its own: the categories
 * as tabs (all first), a search by keyword, and the articles newest first, paged. The category and
 * the keyword are in the URL, so "back" from an article lands on them.
 */
import { useState } from 'react';
import { useNav, usePaged, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { queryId } from '@kernel/client/url';
import { Empty, List, NavBar, Page, SearchBar } from '@kernel/client/ui';
import { SearchResult } from '@kernel/client/ui/SearchResult';
import { Tabs } from '@kernel/client/ui/Tabs';
import { ArticleCardView } from '../components/ArticleCardView';
import { articleContract, type ArticleCard, type ArticleCategory, type ArticlePage } from '../contract';
import { ARTICLE_LIST_PATH } from '../paths';
import './article-list.css';

/** "All" as a tab, and as no `category_id` in the URL. */
const ALL = 0;

/** The page's query, and the call's filter, for a category and a keyword (none: all, no search). */
const where = (category: number, keyword: string) => ({ ...(category !== ALL ? { category_id: category } : {}), ...(keyword ? { keyword } : {}) });

export default function ArticleListPage({ query }: PageProps) {
  const { t } = useT('article');
  const nav = useNav();
  const category = queryId(query.category_id) ?? ALL;
  const keyword = (query.keyword ?? '').trim();
  const go = (nextCategory: number, nextKeyword: string) => nav.replace(ARTICLE_LIST_PATH, where(nextCategory, nextKeyword));

  // Every reply brings the tabs (the categories that hold an article) with its page of articles.
  const [categories, setCategories] = useState<ArticleCategory[] | null>(null);
  const state = usePaged<typeof articleContract.list, ArticleCard>(articleContract.list, where(category, keyword), {
    select: (reply) => {
      const page = reply as ArticlePage;
      setCategories(page.categories);
      return { items: page.list, total: page.total };
    },
  });

  const empty = keyword ? (
    <Empty icon="search" text={t('list.no_match', { keyword })} />
  ) : (
    <Empty text={t(category === ALL ? 'list.empty' : 'list.empty_category')} />
  );
  return (
    <Page header={<NavBar title={t('list.title')} />}>
      <SearchBar
        key={keyword}
        className="article-list-search"
        placeholder={t('list.search')}
        value={keyword}
        maxLength={40}
        onSearch={(next) => next !== keyword && go(category, next)}
      />
      {categories && categories.length > 0 && (
        <Tabs
          items={[{ key: ALL, label: t('list.all') }, ...categories.map((c) => ({ key: c.id, label: c.name }))]}
          value={category}
          onChange={(next) => next !== category && go(next, keyword)}
          sticky
        />
      )}
      {keyword && state.status === 'ready' && (
        <SearchResult clearText={t('list.clear')} onClear={() => go(category, '')}>
          {t('list.found', { keyword, count: state.total ?? state.items.length })}
        </SearchResult>
      )}
      <List state={state} className="sf-list--card" itemKey={(article) => article.id} renderItem={(article) => <ArticleCardView article={article} />} empty={empty} />
    </Page>
  );
}
