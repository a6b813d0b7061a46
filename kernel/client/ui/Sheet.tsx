/**
 * A bottom sheet: a panel that rises from the bottom of the column over a mask, with a title, a
 * close button, a scrolling body and an optional row of actions that stays in view (filters,
 * a SKU picker, a share panel). It is a modal dialog: focus moves in and stays in, Escape or a tap
 * on the mask closes it, and focus returns to what opened it. It is drawn at the end of <body>: an
 * owner inside a fixed bar (the goods detail's "加入购物车") would otherwise confine the mask to the
 * bar, since a transformed ancestor holds `position: fixed`.
 */
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useDialog } from './dialog';
import { IconButton } from './IconButton';
import './sheet.css';

export interface SheetProps {
  open: boolean;
  /** Already translated; also the dialog's accessible name. */
  title: ReactNode;
  /** The close button, Escape and the mask call it; the owner sets `open` to false. */
  onClose: () => void;
  children?: ReactNode;
  /** Actions under the body, e.g. "reset" and "apply" buttons; they share the width. */
  footer?: ReactNode;
  className?: string;
}

export function Sheet({ open, title, onClose, children, footer, className = '' }: SheetProps) {
  const { t } = useTranslation('kernel');
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useDialog(panel, open, { onEscape: onClose });

  if (!open) return null;
  return createPortal(
    <div className={`sf-sheet ${className}`}>
      <div className="sf-sheet__mask" onClick={onClose} aria-hidden="true" />
      <div ref={panel} className="sf-sheet__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="sf-sheet__header">
          <h2 id={titleId} className="sf-sheet__title">
            {title}
          </h2>
          <IconButton icon="close" label={t('ui.close')} className="sf-sheet__close" onClick={onClose} />
        </header>
        <div className="sf-sheet__body">{children}</div>
        {footer !== undefined && <div className="sf-sheet__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
