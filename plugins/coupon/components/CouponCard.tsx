/** One coupon as a ticket: its worth, name, condition and validity, and an action or state on the right. */
import type { ReactNode } from 'react';
import { useT } from '@kernel/client/hooks';
import type { CouponView } from '../contract';
import { conditionOf, worthOf } from './terms';
import './coupon.css';

export interface CouponCardProps {
  coupon: CouponView;
  /** The validity line (before claiming: its terms; after: the copy's last day). */
  validity: string;
  /** A button, a state label, a radio. */
  aside?: ReactNode;
  /** Greyed: used, expired, not usable here. */
  dimmed?: boolean;
  /** Why it is greyed (settlement: why it cannot be used on this order). */
  note?: string;
}

export function CouponCard({ coupon, validity, aside, dimmed, note }: CouponCardProps) {
  const { t } = useT('coupon');
  return (
    <article className={`coupon-card${dimmed ? ' coupon-card--dimmed' : ''}`} aria-label={coupon.name}>
      <div className="coupon-card__worth">
        <strong>{worthOf(t, coupon)}</strong>
        <span>{conditionOf(t, coupon)}</span>
      </div>
      <div className="coupon-card__body">
        <h3 className="coupon-card__name">{coupon.name}</h3>
        <p className="coupon-card__validity">{validity}</p>
        {note && <p className="coupon-card__note">{note}</p>}
      </div>
      {aside && <div className="coupon-card__aside">{aside}</div>}
    </article>
  );
}
