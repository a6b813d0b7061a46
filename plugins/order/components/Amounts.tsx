/** The server's totals: goods amount, each price adjustment (a coupon, a flash sale), what is paid. */
import { useT } from '@kernel/client/hooks';
import { Price } from '@kernel/client/ui';
import type { Adjustment } from '../contract';
import './order.css';

export interface AmountsProps {
  goodsAmount: string;
  adjustments: readonly Adjustment[];
  payAmount: string;
}

export function Amounts({ goodsAmount, adjustments, payAmount }: AmountsProps) {
  // An adjuster names itself with an i18n key of its plugin (loaded here with ours) or with plain text.
  const owners = adjustments.filter((a) => a.label.includes(':')).map((a) => a.label.split(':')[0]);
  const namespaces = ['order', ...new Set(owners.filter((ns) => ns !== 'order'))];
  const { t, i18n } = useT(namespaces);
  const label = (text: string) => (i18n.exists(text) ? t(text) : text);
  return (
    <dl className="order-amounts">
      <div className="order-amounts__row">
        <dt>{t('amount.goods')}</dt>
        <dd data-testid="goods-amount">
          <Price value={goodsAmount} size="small" />
        </dd>
      </div>
      {adjustments.map((a) => (
        <div key={a.id} className="order-amounts__row">
          <dt>
            {label(a.label)}
            {a.detail && <span className="order-amounts__detail">{a.detail}</span>}
          </dt>
          <dd className="order-amounts__adjust">{a.amount.startsWith('-') ? `-¥${a.amount.slice(1)}` : `+¥${a.amount}`}</dd>
        </div>
      ))}
      <div className="order-amounts__row order-amounts__row--pay">
        <dt>{t('amount.pay')}</dt>
        <dd data-testid="pay-amount">
          <Price value={payAmount} />
        </dd>
      </div>
    </dl>
  );
}
