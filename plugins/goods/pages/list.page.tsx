/**
 * Goods list and search results (`?category_id=&keyword=&brand_id=`): a search box that opens
 * the search page, a sort bar, a filter sheet (brand, price range) and a paged two-column grid.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useNav, usePaged, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { queryId } from '@kernel/client/url';
import { Empty, NavBar, Page } from '@kernel/client/ui';
import { FilterSheet } from '../components/FilterSheet';
import { GoodsGrid } from '../components/GoodsGrid';
import { SearchBox } from '../components/SearchBox';
import { SortBar } from '../components/SortBar';
import { goodsContract, type GoodsCard } from '../contract';
import { filterPayload, isFiltered, NO_FILTERS, type Filters, type SortValue } from '../list-query';
import { catalogueStore, findCategory } from '../store';
import { SEARCH_PATH } from './paths';

export default function ListPage({ query }: PageProps) {
  const { t } = useT('goods');
  const nav = useNav();
  const { tree } = useSnapshot(catalogueStore);
  const categoryId = queryId(query.category_id);
  const keyword = (query.keyword ?? '').trim();
  const [sort, setSort] = useState<SortValue>({ sort: 'default', order: 'desc' });
  const [filters, setFilters] = useState<Filters>({ ...NO_FILTERS, brandId: queryId(query.brand_id) });
  const [sheetOpen, setSheetOpen] = useState(false);

  const payload = useMemo(
    () => ({ category_id: categoryId, keyword: keyword || undefined, ...filterPayload(filters), sort: sort.sort, order: sort.order }),
    [categoryId, keyword, filters, sort],
  );
  const state = usePaged<typeof goodsContract.goodsList, GoodsCard>(goodsContract.goodsList, payload, { limit: 10 });
  const category = categoryId === undefined ? undefined : findCategory(tree, categoryId);
  const closeSheet = useCallback(() => setSheetOpen(false), []);

  const header = (
    <NavBar>
      <SearchBox value={keyword || category?.categoryName || ''} onOpen={() => nav.to(SEARCH_PATH, keyword ? { keyword } : {})} />
    </NavBar>
  );
  return (
    <Page header={header}>
      <SortBar value={sort} onChange={setSort} onFilter={() => setSheetOpen(true)} filtered={isFiltered(filters)} />
      <GoodsGrid state={state} empty={<Empty icon="search" text={t('list.empty')} />} />
      <FilterSheet
        open={sheetOpen}
        categoryId={categoryId}
        value={filters}
        onClose={closeSheet}
        onApply={(next) => {
          setFilters(next);
          setSheetOpen(false);
        }}
      />
    </Page>
  );
}
