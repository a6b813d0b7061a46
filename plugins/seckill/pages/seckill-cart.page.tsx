/**
 * The flash-sale settlement (`/marketing/seckill/seckill_cart?goods_id=&sku_id=&num=`, login
 * required): the order plugin's settlement of the `seckill` source, under a header of the sale —
 * the session's countdown, the quota and the payment deadline — with the quantity held within what
 * the quota still allows. The server checks it all again when the order is placed.
 */
import { Suspense, useMemo } from 'react';
import { useCall, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Empty, ErrorState, Link, Page, Price, Skeleton } from '@kernel/client/ui';
import { OrderSettlement } from '@plugins/order/public-client';
import { SessionClock } from '../components/SessionClock';
import { seckillContract, type SeckillOffer } from '../contract';
import { quantityLeft, serverClock } from '../live';
import { SECKILL_PATH } from '../paths';
import './seckill.css';

const idOf = (value: string | undefined): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

const loading = <Skeleton rows={2} avatar count={3} />;

export default function SeckillCartPage({ query }: PageProps) {
  const { t } = useT('seckill');
  const goodsId = idOf(query.goods_id);
  const skuId = idOf(query.sku_id);
  const offer = useCall(seckillContract.offer, goodsId && skuId ? { goods_id: goodsId, sku_id: skuId } : null, [goodsId, skuId]);

  if (goodsId === null || skuId === null) return <Page><ErrorState message={t('cart.bad_link')} /></Page>;
  if (offer.status === 'error' && !offer.data) {
    return (
      <Page>
        <ErrorState message={offer.error?.msg} onRetry={() => void offer.reload()} />
        <GoBack />
      </Page>
    );
  }
  if (!offer.data) return <Page>{loading}</Page>;
  return <Settle offer={offer.data} num={idOf(query.num) ?? 1} onTimeUp={() => void offer.reload()} />;
}

function Settle({ offer, num, onTimeUp }: { offer: SeckillOffer; num: number; onTimeUp: () => void }) {
  const { t } = useT('seckill');
  const { item } = offer;
  const most = quantityLeft(item);
  const settlementQuery = useMemo(
    () => ({ from: 'seckill', goods_id: String(item.goods_id), sku_id: String(item.sku_id), num: String(Math.max(1, Math.min(num, most))) }),
    [item.goods_id, item.sku_id, num, most],
  );
  if (most === 0) {
    return (
      <Page>
        <Empty icon="seckill" text={item.left === 0 ? t('cart.sold_out') : t('cart.quota_reached', { count: item.quota })} />
        <GoBack />
      </Page>
    );
  }
  return (
    <Suspense fallback={<Page>{loading}</Page>}>
      <OrderSettlement query={settlementQuery} maxQuantity={most} header={<OfferHeader offer={offer} onTimeUp={onTimeUp} />} />
    </Suspense>
  );
}

/** The sale above the settlement: session, countdown, flash price, quota and the payment deadline. */
function OfferHeader({ offer, onTimeUp }: { offer: SeckillOffer; onTimeUp: () => void }) {
  const { t } = useT('seckill');
  const now = useMemo(() => serverClock(offer.server_time), [offer]);
  const { item, session } = offer;
  return (
    <section className="seckill-offer" aria-label={t('cart.header')}>
      <p className="seckill-offer__row">
        <strong className="seckill-offer__title">{t('banner', { title: session.title })}</strong>
        <SessionClock key={offer.server_time} session={session} now={now} onEnd={onTimeUp} className="seckill-offer__clock" />
      </p>
      <p className="seckill-offer__row">
        <span>
          {t('cart.price')} <Price value={item.price} /> <Price value={item.original_price} size="small" del />
        </span>
      </p>
      <p className="seckill-offer__row seckill-offer__terms">
        <span data-testid="seckill-quota">{item.bought > 0 ? t('cart.quota_bought', { count: item.quota, bought: item.bought }) : t('item.quota', { count: item.quota })}</span>
        <span data-testid="seckill-pay-minutes">{t('cart.pay_minutes', { count: offer.pay_minutes })}</span>
      </p>
    </section>
  );
}

function GoBack() {
  const { t } = useT('seckill');
  return (
    <p className="seckill-back">
      <Link to={SECKILL_PATH}>{t('cart.back')}</Link>
    </p>
  );
}
