/**
 * A price: a number is integer fen, a string is yuan from the wire ("12.50"). The currency sign
 * and the decimals are drawn smaller, as shop prices are.
 */
import { formatYuan, toFen } from '../../core/money';
import './price.css';

export interface PriceProps {
  /** Integer fen (number) or a yuan string. */
  value: number | string;
  size?: 'small' | 'normal' | 'large';
  /** A struck-through original price in grey. */
  del?: boolean;
  className?: string;
}

/** Splits an amount into the whole and the decimal part: 1250 → ['12', '50']. */
export function priceParts(value: number | string): [string, string] {
  const fen = typeof value === 'number' ? value : toFen(value);
  const [whole, decimals] = formatYuan(fen).split('.');
  return [whole, decimals];
}

export function Price({ value, size = 'normal', del, className = '' }: PriceProps) {
  const [whole, decimals] = priceParts(value);
  const classes = `sf-price sf-price--${size}${del ? ' sf-price--del' : ''} ${className}`;
  const content = (
    <>
      <small className="sf-price__sign">¥</small>
      <span className="sf-price__whole">{whole}</span>
      <small className="sf-price__decimals">.{decimals}</small>
    </>
  );
  return del ? <del className={classes}>{content}</del> : <span className={classes}>{content}</span>;
}
