/** One order on "my orders": number, state, goods, count and total, and its actions. */
import { useT } from '@kernel/client/hooks';
import { Link, Price } from '@kernel/client/ui';
import type { OrderSummary } from '../contract';
import { ORDER_DETAIL_PATH } from '../paths';
import { statusKey } from '../rules';
import { OrderButtons } from './OrderButtons';
import { OrderLines } from './OrderLines';
import { SourceTag } from './SourceTag';
import type { OrderActions } from './order-actions';
import './order.css';

export function OrderCard({ order, actions }: { order: OrderSummary; actions: OrderActions }) {
  const { t } = useT('order');
  return (
    <article className="order-card" aria-label={t('list.card', { no: order.order_no })}>
      {/* The number row opens the order as well as the goods do. */}
      <Link to={ORDER_DETAIL_PATH} query={{ order_no: order.order_no }} className="order-card__body" aria-label={t('list.open', { no: order.order_no })}>
        <header className="order-card__head">
          <span className="order-card__no">
            {t('list.order_no', { no: order.order_no })}
            <SourceTag source={order.source} />
          </span>
          <span className="order-card__status">{t(statusKey(order.status))}</span>
        </header>
        <OrderLines lines={order.lines} />
      </Link>
      <p className="order-card__sum">
        {t('list.sum', { count: order.num })} <Price value={order.pay_amount} />
      </p>
      <OrderButtons order={order} actions={actions} />
    </article>
  );
}
