/** Home section: recommended goods in a two-column grid that loads more as the shopper scrolls. */
import { usePaged, useT } from '@kernel/client/hooks';
import { GoodsGrid } from '../components/GoodsGrid';
import { goodsContract, type GoodsCard } from '../contract';
import './sections.css';

const PAYLOAD = { recommend: 1, sort: 'default' } as const;

export default function RecommendList() {
  const { t } = useT('goods');
  const state = usePaged<typeof goodsContract.goodsList, GoodsCard>(goodsContract.goodsList, PAYLOAD, { limit: 6 });
  if (state.status === 'ready' && state.items.length === 0) return null;
  return (
    <section className="goods-section" aria-label={t('section.recommend')}>
      <h2 className="goods-section__title">{t('section.recommend')}</h2>
      <GoodsGrid state={state} />
    </section>
  );
}
