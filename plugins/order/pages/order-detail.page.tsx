/**
 * An order's detail (`/user/myOrder/orderDetail?order_no=`): its state, the address and goods
 * as they were when it was placed, the parcel's carrier and tracking number once shipped, the
 * amounts, the order number and every timestamp it has (YYYY-MM-DD HH:mm:ss), the invoice with
 * its state, the remark, and the actions its state allows, each confirmed first.
 */
import { useCall, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Async, ErrorState, Icon, Page, Skeleton } from '@kernel/client/ui';
import { Amounts } from '../components/Amounts';
import { OrderButtons } from '../components/OrderButtons';
import { OrderLines } from '../components/OrderLines';
import { SourceTag } from '../components/SourceTag';
import { useOrderActions } from '../components/order-actions';
import { orderContract, type OrderDetail } from '../contract';
import { INVOICE_FIELDS } from '../invoice';
import { invoiceStateKey, statusKey, timestampsOf } from '../rules';
import { STATUS } from '../states';
import { dateTime } from '@kernel/core/time';
import '../components/order.css';

const ORDER_NO = /^\d{20}$/;

export default function OrderDetailPage({ query }: PageProps) {
  const { t } = useT('order');
  const orderNo = query.order_no ?? '';
  const valid = ORDER_NO.test(orderNo);
  const detail = useCall(orderContract.detail, valid ? { order_no: orderNo } : null);
  const actions = useOrderActions(() => void detail.reload());

  if (!valid) return <Page><ErrorState message={t('validation.order_no')} /></Page>;
  return (
    <Page className="order-detail">
      <Async state={detail} loading={<Skeleton rows={3} count={3} />}>
        {(order: OrderDetail) => (
          <>
            <section className="order-banner" role="status">
              <h2 className="order-banner__status">{t(statusKey(order.status))}</h2>
              <p className="order-banner__hint">{hint(order, t)}</p>
            </section>
            <section className="order-card order-address" aria-label={t('detail.address')}>
              <Icon name="location" size={22} />
              <span className="order-address__main">
                <span className="order-address__who">
                  <span>{order.address.consignee}</span>
                  <span>{order.address.mobile}</span>
                </span>
                <span className="order-address__text">{order.address.address}</span>
              </span>
            </section>
            {order.carrier || order.tracking_no ? (
              <section className="order-card" aria-label={t('detail.parcel')}>
                <dl className="order-facts">
                  {order.carrier ? <Fact label={t('detail.carrier')} value={order.carrier} /> : null}
                  {order.tracking_no ? <Fact label={t('detail.tracking_no')} value={order.tracking_no} /> : null}
                </dl>
              </section>
            ) : null}
            <section className="order-card" aria-label={t('detail.goods')}>
              <SourceTag source={order.source} />
              <OrderLines lines={order.lines} />
              <Amounts goodsAmount={order.goods_amount} adjustments={order.adjustments} payAmount={order.pay_amount} />
            </section>
            <section className="order-card" aria-label={t('detail.facts')}>
              <dl className="order-facts">
                <Fact label={t('detail.order_no')} value={order.order_no} />
                {timestampsOf(order).map(([label, at]) => (
                  <Fact key={label} label={t(label)} value={dateTime(at)} />
                ))}
                <Fact label={t('detail.remark')} value={order.remark || t('detail.no_remark')} />
              </dl>
            </section>
            <section className="order-card" aria-label={t('invoice.heading')}>
              <dl className="order-facts">
                {order.invoice ? (
                  <>
                    <Fact label={t('invoice.state')} value={t(invoiceStateKey(order.invoice_status))} />
                    {INVOICE_FIELDS.map(([name, wire]) =>
                      order.invoice?.[wire] ? <Fact key={name} label={t(`invoice.${name}`)} value={order.invoice[wire] ?? ''} /> : null,
                    )}
                  </>
                ) : (
                  <Fact label={t('invoice.heading')} value={t('invoice.none')} />
                )}
              </dl>
            </section>
            <div className="order-detail__actions">
              <OrderButtons order={order} actions={actions} />
            </div>
          </>
        )}
      </Async>
    </Page>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="order-facts__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** A line under the state: what happens next, or why it was cancelled. */
function hint(order: OrderDetail, t: (key: string, params?: Record<string, string>) => string): string {
  if (order.status === STATUS.cancelled) return t(`hint.cancelled_${order.cancel_reason || 'shopper'}`);
  if (order.status === STATUS.placed) return t('hint.placed', { time: dateTime(order.pay_deadline) });
  return t(`hint.${statusKey(order.status).split('.').pop()}`);
}
