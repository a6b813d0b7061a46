/**
 * The search page: a search box, the shopper's recent searches (kept in the kernel's Storage)
 * and popular words taken from the best-selling recommended goods.
 */
import { useState } from 'react';
import { useCall, useKernel, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Icon, NavBar, Page } from '@kernel/client/ui';
import { Chip, ChipGroup } from '@kernel/client/ui/Chip';
import { SearchBox } from '../components/SearchBox';
import { goodsContract } from '../contract';
import { clearRecent, popularWords, readRecent, rememberSearch } from '../keywords';
import { LIST_PATH } from './paths';
import './search.css';

const HOT_COUNT = 8;

export default function SearchPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('goods');
  const [recent, setRecent] = useState(() => readRecent(kernel.storage));
  const hot = useCall(goodsContract.goodsList, { recommend: 1, sort: 'sales', limit: HOT_COUNT });

  const search = (keyword: string) => {
    setRecent(rememberSearch(kernel.storage, keyword));
    kernel.nav.to(LIST_PATH, { keyword });
  };
  const chips = (words: string[]) => (
    <ChipGroup>
      {words.map((word) => (
        <Chip key={word} onClick={() => search(word)}>
          {word}
        </Chip>
      ))}
    </ChipGroup>
  );

  return (
    <Page
      surface
      header={
        <NavBar>
          <SearchBox value={query.keyword ?? ''} onSearch={search} autoFocus />
        </NavBar>
      }
    >
      <div className="goods-search">
        {recent.length > 0 && (
          <section aria-label={t('search.recent')}>
            <header className="goods-search__head">
              <h2>{t('search.recent')}</h2>
              {/* An action of the heading, with an icon: never read as one of the words below it (a brand "Clear"). */}
              <button
                type="button"
                className="goods-search__clear"
                onClick={() => {
                  clearRecent(kernel.storage);
                  setRecent([]);
                }}
              >
                <Icon name="trash" size={14} />
                {t('search.clear')}
              </button>
            </header>
            {chips(recent)}
          </section>
        )}
        {hot.data && hot.data.list.length > 0 && (
          <section aria-label={t('search.hot')}>
            <header className="goods-search__head">
              <h2>{t('search.hot')}</h2>
            </header>
            {chips(popularWords(hot.data.list, HOT_COUNT))}
          </section>
        )}
      </div>
    </Page>
  );
}
