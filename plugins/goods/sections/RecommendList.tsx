/**
 * Home section: recommended goods in a two-column grid that loads more as the shopper scrolls.
 * The first page usually comes with index.html; the contract (and zod) loads with the next page.
 */
import { useEffect, useState } from 'react';
import { useBootT, useKernel, usePaged } from '@kernel/client/hooks';
import { GoodsGrid } from '../components/GoodsGrid';
import type { GoodsCard, goodsContract } from '../contract';
import { RECOMMEND_LIMIT, RECOMMEND_QUERY } from '../recommend';
import { forgetRecommendSeed, recommendSeed } from '../store';
import './sections.css';

type GoodsList = typeof goodsContract.goodsList;
const goodsList = (): Promise<GoodsList> => import('../contract').then((m) => m.goodsContract.goodsList);

export default function RecommendList() {
  const kernel = useKernel();
  const { t } = useBootT('goods');
  const [initial] = useState(() => recommendSeed(kernel));
  useEffect(() => forgetRecommendSeed(kernel), [kernel]);
  const state = usePaged<GoodsList, GoodsCard>(goodsList, RECOMMEND_QUERY, { limit: RECOMMEND_LIMIT, initial });
  if (state.status === 'ready' && state.items.length === 0) return null;
  return (
    <section className="goods-section" aria-label={t('section.recommend')}>
      <h2 className="goods-section__title">{t('section.recommend')}</h2>
      <GoodsGrid state={state} />
    </section>
  );
}
