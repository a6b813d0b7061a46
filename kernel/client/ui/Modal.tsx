/**
 * A centred dialog over a mask. Use it declaratively (`<Modal open ...>`) or through the
 * imperative `alert()` / `confirm()` of ./overlay, which the shell's OverlayHost renders.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog } from './dialog';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title?: ReactNode;
  children?: ReactNode;
  /** Default true; the spec's "service error" modal has none. */
  showCancel?: boolean;
  confirmText?: string;
  cancelText?: string;
  onConfirm?: () => void;
  /** Also called on Escape. */
  onCancel?: () => void;
  /** Replaces the button row. */
  footer?: ReactNode;
}

export function Modal({ open, title, children, showCancel = true, confirmText, cancelText, onConfirm, onCancel, footer }: ModalProps) {
  const { t } = useTranslation('kernel');
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useDialog(panel, open, { onEscape: showCancel ? onCancel : onConfirm, initialFocus: footer === undefined ? confirmRef : undefined });

  if (!open) return null;
  return (
    <div className="sf-modal-mask">
      <div ref={panel} className="sf-modal" role="dialog" aria-modal="true" aria-labelledby={title ? titleId : undefined} tabIndex={-1}>
        {title && (
          <h2 id={titleId} className="sf-modal__title">
            {title}
          </h2>
        )}
        <div className="sf-modal__content">{children}</div>
        {footer ?? (
          <div className="sf-modal__buttons">
            {showCancel && (
              <button type="button" className="sf-modal__button" onClick={onCancel}>
                {cancelText ?? t('ui.cancel')}
              </button>
            )}
            <button ref={confirmRef} type="button" className="sf-modal__button sf-modal__button--confirm" onClick={onConfirm}>
              {confirmText ?? t('ui.confirm')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
