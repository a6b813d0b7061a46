/**
 * A goods an article links: picture, name and price, opening the goods detail. The goods plugin
 * keeps its own card private (its public surface has none), so this is the article's small one.
 */
import { Img, Link, Price } from '@kernel/client/ui';
import type { GoodsCard } from '@plugins/goods/contract';
import './goods-tile.css';

/** The goods detail route (spec §2), which the goods plugin serves. */
const GOODS_DETAIL_PATH = '/goods/detail/detail';

export function GoodsTile({ goods }: { goods: GoodsCard }) {
  return (
    <Link to={GOODS_DETAIL_PATH} query={{ id: goods.id }} className="article-goods" aria-label={goods.name}>
      <Img src={goods.image} alt="" ratio={1} sizes="72px" className="article-goods__image" />
      <span className="article-goods__body">
        <span className="article-goods__name sf-two-lines">{goods.name}</span>
        <Price value={goods.price} />
      </span>
    </Link>
  );
}
