/**
 * The payment-waiting screen (`?order_no=`): order number, amount, a countdown to the payment
 * deadline on the server's clock (the detail answers `now`), which ends with "支付时间已结束"
 * and no way to pay; paying with the balance after a confirmation, the server's refusal shown on
 * the page; and cancelling. A balance short of the amount (the detail answers it) disables the
 * payment, says by how much beside the button, and offers the shop's ways to top up, which lead
 * back here. Once paid: success, with the way to the order.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useCall, useKernel, useT } from '@kernel/client/hooks';
import { buildPath } from '@kernel/client/url';
import type { PageProps } from '@kernel/client/plugin';
import { Async, Button, confirm, Countdown, ErrorState, Icon, Link, Page, Price, Skeleton } from '@kernel/client/ui';
import { formatYuan, toFen } from '@kernel/core/money';
import { newRequestKey } from '@kernel/core/request-key';
import { useOrderActions } from '../components/order-actions';
import { TopUpWays } from '../components/TopUpWays';
import { orderContract, type OrderDetail } from '../contract';
import { MY_ORDERS_PATH, ORDER_DETAIL_PATH, PAY_PATH } from '../paths';
import { STATUS } from '../states';
import '../components/order.css';
import './pay.css';

const ORDER_NO = /^\d{20}$/;

export default function PayPage({ query }: PageProps) {
  const { t } = useT('order');
  const orderNo = query.order_no ?? '';
  const valid = ORDER_NO.test(orderNo);
  const detail = useCall(orderContract.detail, valid ? { order_no: orderNo } : null);

  if (!valid) return <Page><ErrorState message={t('validation.order_no')} /></Page>;
  return (
    <Page className="order-pay">
      <Async state={detail} loading={<Skeleton rows={4} />}>
        {(order: OrderDetail) => <PayPanel order={order} reload={detail.reload} />}
      </Async>
    </Page>
  );
}

function PayPanel({ order, reload }: { order: OrderDetail; reload: () => Promise<void> }) {
  const kernel = useKernel();
  const { t } = useT('order');
  const reasonId = useId();
  // The balance comes fresh with the order; the member centre shows it too.
  useEffect(() => {
    if (kernel.session.state.user) kernel.session.update({ money: order.money });
  }, [kernel, order.money]);
  // The server's clock: the countdown ends when the server stops taking the payment.
  const offset = useMemo(() => order.now * 1000 - Date.now(), [order]);
  const serverNow = useCallback(() => Date.now() + offset, [offset]);
  const [ended, setEnded] = useState(false);
  const [paying, setPaying] = useState(false);
  const [justPaid, setJustPaid] = useState(false);
  const [problem, setProblem] = useState('');
  // One key for this screen: a retried or double-sent payment is answered, never made twice.
  const [requestKey] = useState(newRequestKey);
  const actions = useOrderActions(() => void reload());

  if (order.status === STATUS.cancelled) {
    const text = order.cancel_reason === 'timeout' ? t('message.payment_expired') : t('message.cancelled');
    return <Outcome icon="close" title={text} order={order} />;
  }
  if (order.status !== STATUS.placed) {
    return <Outcome icon="check" title={justPaid ? t('pay.success') : t('pay.paid')} order={order} />;
  }

  const expired = ended || order.pay_deadline <= order.now;
  const shortBy = toFen(order.pay_amount) - toFen(order.money);
  const short = shortBy > 0 && !expired;
  const pay = async () => {
    if (paying || expired || short) return;
    if (!(await confirm({ title: t('pay.confirm_title'), content: t('pay.confirm_text', { amount: order.pay_amount }) }))) return;
    setPaying(true);
    setProblem('');
    try {
      const paid = await kernel.http.data(orderContract.pay, { order_no: order.order_no, request_key: requestKey }, { toastError: false });
      kernel.session.update({ money: paid.money });
      setJustPaid(true);
    } catch (failure) {
      if (!isCallError(failure)) throw failure;
      if (failure.reason === 'business') setProblem(failure.msg);
    } finally {
      setPaying(false);
      await reload();
    }
  };

  return (
    <>
      <section className="order-card order-pay__head">
        <p className="order-pay__label">{t('pay.amount')}</p>
        <span data-testid="pay-due">
          <Price value={order.pay_amount} size="large" />
        </span>
        <p className="order-pay__deadline" data-testid="pay-deadline">
          {expired ? (
            <span className="order-pay__expired">{t('pay.expired')}</span>
          ) : (
            <>
              {t('pay.left')}{' '}
              <Countdown deadline={order.pay_deadline} now={serverNow} onEnd={() => setEnded(true)} ended={<span className="order-pay__expired">{t('pay.expired')}</span>} />
            </>
          )}
        </p>
        <p className="order-pay__no">{t('pay.order_no', { no: order.order_no })}</p>
      </section>
      <section className="order-card order-pay__method" aria-label={t('pay.method')}>
        <Icon name="wallet" size={24} />
        <span className="order-pay__method-name">{t('pay.balance')}</span>
        <span className="order-pay__money" data-testid="pay-balance">
          {t('pay.balance_left', { money: order.money })}
        </span>
      </section>
      {problem && (
        <p className="order-pay__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="order-pay__buttons">
        {short && (
          <p id={reasonId} className="order-pay__reason">
            {t('pay.short', { amount: formatYuan(shortBy) })}
          </p>
        )}
        <Button
          variant="primary"
          block
          round
          loading={paying}
          disabled={expired || short}
          aria-describedby={short ? reasonId : undefined}
          onClick={() => void pay()}
        >
          {t('pay.button', { amount: order.pay_amount })}
        </Button>
        {short && <TopUpWays returnTo={buildPath(PAY_PATH, { order_no: order.order_no })} />}
        <Button block round loading={actions.busy !== null} disabled={paying} onClick={() => void actions.run(order, 'cancel')}>
          {t('action.cancel')}
        </Button>
      </div>
    </>
  );
}

/** Paid, or cancelled: what happened, and the way on. */
function Outcome({ icon, title, order }: { icon: 'check' | 'close'; title: string; order: OrderDetail }) {
  const { t } = useT('order');
  return (
    <section className={`order-card order-pay__outcome order-pay__outcome--${icon}`} role="status">
      <Icon name={icon} size={48} />
      <h2 className="order-pay__outcome-title">{title}</h2>
      <p className="order-pay__no">{t('pay.order_no', { no: order.order_no })}</p>
      <Price value={order.pay_amount} size="large" />
      <div className="order-pay__links">
        <Link to={ORDER_DETAIL_PATH} query={{ order_no: order.order_no }} className="sf-button sf-button--primary sf-button--normal sf-button--round">
          {t('pay.view_order')}
        </Link>
        <Link to={MY_ORDERS_PATH} className="sf-button sf-button--default sf-button--normal sf-button--round">
          {t('pay.my_orders')}
        </Link>
      </div>
    </section>
  );
}
