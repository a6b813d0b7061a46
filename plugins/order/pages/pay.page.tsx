/**
 * The payment-waiting screen (`?order_no=`): order number, amount, a countdown to the payment
 * deadline on the server's clock (the detail answers `now`), which ends with "支付时间已结束"
 * and no way to pay; paying with the balance after a confirmation, the server's refusal shown on
 * the page; and cancelling. A balance short of the amount (the detail answers it) disables the
 * payment, says by how much beside the button, and offers the shop's ways to top up, which lead
 * back here. The site's other payment methods (`payMethods`) are offered beside the balance; one
 * a provider confirms later answers where to pay (a link, a code to scan), and the page waits for
 * the order to turn paid. Once paid: success, with the way to the order.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useCall, useKernel, useT } from '@kernel/client/hooks';
import { buildPath } from '@kernel/client/url';
import type { PageProps } from '@kernel/client/plugin';
import { Async, Button, confirm, Countdown, ErrorState, Icon, Link, Page, Price, Skeleton } from '@kernel/client/ui';
import { formatYuan, toFen } from '@kernel/core/money';
import { newRequestKey } from '@kernel/core/request-key';
import { useOrderActions } from '../components/order-actions';
import { TopUpWays } from '../components/TopUpWays';
import { orderContract, type OrderDetail, type PayMethodInfo, type PayReply } from '../contract';
import { MY_ORDERS_PATH, ORDER_DETAIL_PATH, PAY_PATH } from '../paths';
import { STATUS } from '../states';
import '../components/order.css';
import './pay.css';

const ORDER_NO = /^\d{20}$/;
const BALANCE = 'balance';

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
  // One key per method on this screen: a retried or double-sent payment is answered, never made twice.
  const requestKeys = useRef(new Map<string, string>());
  const keyFor = (id: string) => requestKeys.current.get(id) ?? requestKeys.current.set(id, newRequestKey()).get(id)!;
  const actions = useOrderActions(() => void reload());
  // Without the list (still loading, or refused) the balance is offered, as it always is.
  const listed = useCall(orderContract.payMethods, {});
  const methods: PayMethodInfo[] = listed.data?.list ?? [{ id: BALANCE, name: t('pay.balance') }];
  const [method, setMethod] = useState(BALANCE);
  const [next, setNext] = useState<PayReply['next']>();

  if (order.status === STATUS.cancelled) {
    const text = order.cancel_reason === 'timeout' ? t('message.payment_expired') : t('message.cancelled');
    return <Outcome icon="close" title={text} order={order} />;
  }
  if (order.status !== STATUS.placed) {
    return <Outcome icon="check" title={justPaid ? t('pay.success') : t('pay.paid')} order={order} />;
  }

  const expired = ended || order.pay_deadline <= order.now;
  const shortBy = toFen(order.pay_amount) - toFen(order.money);
  const byBalance = method === BALANCE;
  const short = byBalance && shortBy > 0 && !expired;
  const chosen = methods.find((m) => m.id === method) ?? methods[0];
  const pay = async () => {
    if (paying || expired || short) return;
    if (byBalance && !(await confirm({ title: t('pay.confirm_title'), content: t('pay.confirm_text', { amount: order.pay_amount }) }))) return;
    setPaying(true);
    setProblem('');
    try {
      const paid = await kernel.http.data(orderContract.pay, { order_no: order.order_no, method, request_key: keyFor(method) }, { toastError: false });
      kernel.session.update({ money: paid.money });
      if (paid.next) setNext(paid.next);
      else setJustPaid(true);
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
      {methods.length === 1 ? (
        <section className="order-card order-pay__method" aria-label={t('pay.method')}>
          <Icon name="wallet" size={24} />
          <span className="order-pay__method-name">{t('pay.balance')}</span>
          <span className="order-pay__money" data-testid="pay-balance">
            {t('pay.balance_left', { money: order.money })}
          </span>
        </section>
      ) : (
        <section className="order-card order-pay__methods" role="radiogroup" aria-label={t('pay.method')}>
          {methods.map((m) => (
            <label key={m.id} className="order-pay__method">
              <Icon name={m.id === BALANCE ? 'wallet' : 'yuan'} size={24} />
              <span className="order-pay__method-name">{m.name}</span>
              {m.id === BALANCE && (
                <span className="order-pay__money" data-testid="pay-balance">
                  {t('pay.balance_left', { money: order.money })}
                </span>
              )}
              <input type="radio" name="pay-method" value={m.id} checked={method === m.id} disabled={paying} onChange={() => (setMethod(m.id), setNext(undefined))} />
            </label>
          ))}
        </section>
      )}
      {next && <PendingPayment next={next} onCheck={() => void reload()} />}
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
          {byBalance ? t('pay.button', { amount: order.pay_amount }) : t('pay.with', { name: chosen.name, amount: order.pay_amount })}
        </Button>
        {short && <TopUpWays returnTo={buildPath(PAY_PATH, { order_no: order.order_no })} />}
        <Button block round loading={actions.busy !== null} disabled={paying} onClick={() => void actions.run(order, 'cancel')}>
          {t('action.cancel')}
        </Button>
      </div>
    </>
  );
}

/** A payment a provider confirms later: where to pay, and a way to look again once done (the order turns paid on the provider's notification). */
function PendingPayment({ next, onCheck }: { next: NonNullable<PayReply['next']>; onCheck: () => void }) {
  const { t } = useT('order');
  return (
    <section className="order-card order-pay__pending" role="status">
      <p>{t('pay.pending')}</p>
      {next.redirect_url && (
        <a className="sf-button sf-button--primary sf-button--normal sf-button--round" href={next.redirect_url} target="_blank" rel="noopener noreferrer">
          {t('pay.open')}
        </a>
      )}
      {next.qr_code && <p className="order-pay__qr">{t('pay.scan', { code: next.qr_code })}</p>}
      <Button block round onClick={onCheck}>
        {t('pay.check')}
      </Button>
    </section>
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
