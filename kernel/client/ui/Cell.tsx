/** Rows of a settings-style list: icon, label, value and an arrow when the row leads somewhere. */
import { useId, type MouseEvent, type ReactNode } from 'react';
import { hashHref } from '../url';
import { Badge } from './Badge';
import { Icon } from './Icon';
import './cell.css';

export interface CellProps {
  icon?: string | ReactNode;
  label: ReactNode;
  /** Secondary text under the label. */
  description?: ReactNode;
  value?: ReactNode;
  /** A route path the row opens; shows the arrow. */
  to?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** Force the arrow on or off (default: on when the row is clickable). */
  arrow?: boolean;
  badge?: number | string | null;
  className?: string;
}

export function Cell({ icon, label, description, value, to, onClick, arrow, badge, className = '' }: CellProps) {
  const clickable = to !== undefined || onClick !== undefined;
  const content = (
    <>
      {icon !== undefined && (
        <span className="sf-cell__icon">{typeof icon === 'string' ? <Icon name={icon} size={20} /> : icon}</span>
      )}
      <span className="sf-cell__main">
        <span className="sf-cell__label">{label}</span>
        {description !== undefined && <span className="sf-cell__description">{description}</span>}
      </span>
      {badge !== undefined && <Badge count={badge} />}
      {value !== undefined && <span className="sf-cell__value">{value}</span>}
      {(arrow ?? clickable) && <Icon name="arrow-right" className="sf-cell__arrow" size={16} />}
    </>
  );
  const classes = `sf-cell${clickable ? ' sf-cell--clickable' : ''} ${className}`;
  if (to !== undefined) {
    return (
      <a className={classes} href={hashHref(to)} onClick={onClick}>
        {content}
      </a>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={classes} onClick={onClick}>
        {content}
      </button>
    );
  }
  return <div className={classes}>{content}</div>;
}

export interface CellGroupProps {
  title?: ReactNode;
  /** Right-hand side of the title row (e.g. "all orders >"). */
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function CellGroup({ title, extra, children, className = '' }: CellGroupProps) {
  const titleId = useId();
  const titled = title !== undefined;
  return (
    // Named by its title, the group is a landmark region screen-reader users can jump to.
    <section className={`sf-cell-group ${className}`} aria-labelledby={titled ? titleId : undefined}>
      {(titled || extra !== undefined) && (
        <header className="sf-cell-group__title">
          {titled ? (
            <h3 id={titleId} className="sf-cell-group__heading">
              {title}
            </h3>
          ) : (
            <span /> // keeps `extra` on the right
          )}
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}
