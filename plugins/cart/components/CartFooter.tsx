/** The cart page's bottom bar: "select all", the selection's total (outside edit mode) and an action. */
import type { ReactNode } from 'react';
import { useT } from '@kernel/client/hooks';
import { Price } from '@kernel/client/ui';
import { Check } from './Check';

export interface CartFooterProps {
  all: boolean;
  onAll: (all: boolean) => void;
  /** Yuan; left out in edit mode. */
  total?: string;
  children: ReactNode;
}

export function CartFooter({ all, onAll, total, children }: CartFooterProps) {
  const { t } = useT('cart');
  return (
    <div className="cart-footer">
      <label className="cart-footer__all">
        <Check checked={all} onChange={onAll} label={t('select_all')} />
        <span aria-hidden="true">{t('select_all')}</span>
      </label>
      {total !== undefined && (
        <span className="cart-footer__total" data-testid="cart-total">
          {t('total')}
          <Price value={total} />
        </span>
      )}
      {children}
    </div>
  );
}
