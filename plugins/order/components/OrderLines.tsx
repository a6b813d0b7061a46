/** An order's goods: picture, name, spec, unit price, quantity and line total (all from the server). */
import { useT } from '@kernel/client/hooks';
import { Img, Price } from '@kernel/client/ui';
import type { OrderLine } from '../contract';
import './order.css';

export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  const { t } = useT('order');
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.sku_id} className="order-line" aria-label={line.name}>
          <Img src={line.image} alt="" width={72} height={72} className="order-line__image" />
          <div className="order-line__main">
            <p className="order-line__name">{line.name}</p>
            {line.spec && <p className="order-line__spec">{line.spec}</p>}
            <p className="order-line__price">
              <Price value={line.price} size="small" />
              <span className="order-line__num">{t('line.num', { count: line.num })}</span>
            </p>
          </div>
          <span className="order-line__total" data-testid="line-total">
            <Price value={line.total} />
          </span>
        </li>
      ))}
    </ul>
  );
}
