/**
 * The settlement screen's coupon row (the order plugin's `order.settlement` point): what the
 * chosen coupon takes off, or how many are usable; a sheet lists the usable ones to pick (or
 * none) and the others with why they cannot be used on this order. The server prices the choice.
 */
import { useEffect, useState } from 'react';
import { useT } from '@kernel/client/hooks';
import { Cell, CellGroup } from '@kernel/client/ui';
import { Sheet } from '@kernel/client/ui/Sheet';
import { formatYuan, toFen } from '@kernel/core/money';
import type { SettlementSectionProps } from '@plugins/order/public-client';
import type { CouponOption, CouponOptions } from '../contract';
import { CouponCard } from './CouponCard';
import { expiresOn } from './terms';
import './coupon.css';

export function CouponSection({ settlement, choice, choose, busy }: SettlementSectionProps) {
  const { t } = useT('coupon');
  const [open, setOpen] = useState(false);
  const options = settlement.options.coupon as CouponOptions | undefined;
  // Judged on the preview made with this very choice (a newer choice has its own preview on the way).
  const stale = options !== undefined && choice !== undefined && options.requested === choice && options.chosen === null;
  // The chosen coupon is no longer usable on this order (the quantity changed, it expired): let it go.
  useEffect(() => {
    if (stale && !busy) choose(undefined);
  }, [stale, busy, choose]);
  if (!options) return null;

  const usable = options.coupons.filter((c) => c.usable);
  const unusable = options.coupons.filter((c) => !c.usable);
  const chosen = usable.find((c) => c.id === options.chosen);
  const why = (c: CouponOption) =>
    c.reason === 'below_min'
      ? t('reason.below_min', { min: Number(c.coupon.min_amount), short: formatYuan(toFen(c.coupon.min_amount) - toFen(settlement.goods_amount)) })
      : t(`reason.${c.reason ?? 'exceeds_amount'}`);
  const pick = (id: number | undefined) => {
    choose(id);
    setOpen(false);
  };

  const value = chosen ? (
    <span className="coupon-section__value">-¥{chosen.discount} {chosen.coupon.name}</span>
  ) : (
    <span className={`coupon-section__value${usable.length === 0 ? ' coupon-section__value--none' : ''}`}>
      {usable.length > 0 ? t('section.available', { count: usable.length }) : t('section.none')}
    </span>
  );

  return (
    <section className="order-card">
      <CellGroup>
        <Cell label={t('section.title')} value={value} onClick={options.coupons.length > 0 ? () => setOpen(true) : undefined} />
      </CellGroup>
      <Sheet open={open} title={t('section.choose')} onClose={() => setOpen(false)}>
        <div className="coupon-list">
          <label className="coupon-sheet__none">
            <span>{t('section.not_used')}</span>
            <input type="radio" className="coupon-sheet__radio" name="coupon" checked={!chosen} onChange={() => pick(undefined)} />
          </label>
          {usable.length > 0 && <h3 className="coupon-sheet__group">{t('section.usable')}</h3>}
          {usable.map((c) => (
            <label key={c.id}>
              <CouponCard
                coupon={c.coupon}
                validity={expiresOn(t, c.expires_at)}
                note={`-¥${c.discount}`}
                aside={<input type="radio" className="coupon-sheet__radio" name="coupon" aria-label={c.coupon.name} checked={c.id === chosen?.id} onChange={() => pick(c.id)} />}
              />
            </label>
          ))}
          {unusable.length > 0 && <h3 className="coupon-sheet__group">{t('section.unusable')}</h3>}
          {unusable.map((c) => (
            <CouponCard key={c.id} coupon={c.coupon} validity={expiresOn(t, c.expires_at)} note={why(c)} dimmed />
          ))}
        </div>
      </Sheet>
    </section>
  );
}
