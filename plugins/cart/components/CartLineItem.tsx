/**
 * One cart line: tick box, picture, name and spec, unit price, quantity stepper and line total.
 * A line that cannot be bought (off sale, gone, sold out) is greyed and cannot be ticked for
 * checkout — only for deleting, in edit mode.
 */
import { useT } from '@kernel/client/hooks';
import { Img, Link, Price } from '@kernel/client/ui';
import { Stepper } from '@kernel/client/ui/Stepper';
import type { CartLine } from '../contract';
import { MAX_QUANTITY } from '../limits';
import { GOODS_DETAIL_PATH } from '../paths';
import { Check } from './Check';
import { sayCap } from './quantity-cap';

export interface CartLineItemProps {
  line: CartLine;
  /** The tick: the server's selection, or the edit mode's marks. */
  checked: boolean;
  /** Edit mode: every line may be ticked (for deleting). */
  editing: boolean;
  onCheck: (checked: boolean) => void;
  onQuantity: (quantity: number) => void;
}

export function CartLineItem({ line, checked, editing, onCheck, onQuantity }: CartLineItemProps) {
  const { t } = useT('cart');
  const name = line.name || t('gone_name');
  const state = !line.on_sale ? t('state.off_sale') : line.stock <= 0 ? t('state.sold_out') : line.sale_num > line.stock ? t('state.short', { stock: line.stock }) : '';
  return (
    <li className={`cart-line${line.valid ? '' : ' cart-line--invalid'}`} data-testid="cart-line">
      <Check checked={checked} disabled={!editing && !line.valid} label={t('select_line', { name })} onChange={onCheck} />
      <Link to={GOODS_DETAIL_PATH} query={{ id: line.goods_id }} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        <Img src={line.image} alt="" width={90} height={90} />
      </Link>
      <div className="cart-line__body">
        <Link to={GOODS_DETAIL_PATH} query={{ id: line.goods_id }} className="cart-line__name">
          {name}
        </Link>
        {line.spec && <p className="cart-line__spec">{line.spec}</p>}
        {state && <p className="cart-line__state">{state}</p>}
        <div className="cart-line__row">
          <Price value={line.sale_price} />
          <Stepper
            value={line.sale_num}
            onChange={onQuantity}
            min={1}
            max={Math.max(1, Math.min(line.stock, MAX_QUANTITY))}
            disabled={!line.valid}
            label={t('quantity', { name })}
            onClamp={sayCap(t)}
          />
        </div>
        <p className="cart-line__total">
          {t('line_total')} <Price value={line.total} size="small" />
        </p>
      </div>
    </li>
  );
}
