/**
 * One goods of a session: image, name, the flash price beside the crossed-out normal price, the
 * sold share ("已抢 x%" / "仅剩 n 件"), the quota and the button (spec §4: 未开始 / 已抢光 /
 * 立即抢购 / 已结束). Buying opens the flash-sale settlement (which asks a visitor to log in).
 */
import { useKernel, useT } from '@kernel/client/hooks';
import { Img, Price } from '@kernel/client/ui';
import type { SeckillItem, SeckillSession } from '../contract';
import { buttonOf, soldPercent } from '../live';
import { SECKILL_CART_PATH } from '../paths';
import { SoldBar } from './SoldBar';

export function ItemCard({ item, session }: { item: SeckillItem; session: Pick<SeckillSession, 'state'> }) {
  const kernel = useKernel();
  const { t } = useT('seckill');
  const button = buttonOf(session, item);
  const buy = () => kernel.nav.to(SECKILL_CART_PATH, { goods_id: item.goods_id, sku_id: item.sku_id, num: 1 });
  return (
    <article className="seckill-item" data-testid="seckill-item" data-item={item.id} aria-label={item.name}>
      <Img className="seckill-item__image" src={item.image} alt={item.name} ratio={1} width={112} />
      <div className="seckill-item__body">
        <h3 className="seckill-item__name">{item.name}</h3>
        {item.spec && <p className="seckill-item__spec">{item.spec}</p>}
        <p className="seckill-item__prices">
          <Price value={item.price} className="seckill-item__price" />
          <Price value={item.original_price} size="small" del />
        </p>
        <SoldBar percent={soldPercent(item)} left={item.left} started={session.state >= 2} />
        <div className="seckill-item__foot">
          <span className="seckill-item__quota">{t('item.quota', { count: item.quota })}</span>
          <button type="button" className={`seckill-buy seckill-buy--${button}`} disabled={button !== 'buy'} onClick={buy} data-testid="seckill-buy">
            {t(`button.${button}`)}
          </button>
        </div>
      </div>
    </article>
  );
}
