/** A goods tile in two-column grids: picture, name, price and sales; opens the detail. */
import { useBootT } from '@kernel/client/hooks';
import { Img, Link, Price } from '@kernel/client/ui';
import type { GoodsCard as Card } from '../contract';
import { DETAIL_PATH } from '../pages/paths';
import './goods-card.css';

export function GoodsCard({ goods }: { goods: Card }) {
  const { t } = useBootT('goods');
  return (
    <Link to={DETAIL_PATH} query={{ id: goods.id }} className="goods-card" aria-label={goods.name}>
      <Img src={goods.image} alt={goods.name} ratio={1} sizes="min(50vw, 225px)" className="goods-card__image" />
      <div className="goods-card__body">
        <p className="goods-card__name sf-two-lines">{goods.name}</p>
        <div className="goods-card__meta">
          <Price value={goods.price} />
          <span className="goods-card__sales">{t('list.sales', { count: goods.sales })}</span>
        </div>
      </div>
    </Link>
  );
}
