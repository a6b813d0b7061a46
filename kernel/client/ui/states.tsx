/** The empty and error states every list and page shows in the same way. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon } from './Icon';
import './states.css';

export interface EmptyProps {
  /** Already translated; default "nothing here yet". */
  text?: ReactNode;
  icon?: string;
  /** E.g. a "go shopping" button. */
  action?: ReactNode;
  className?: string;
}

export function Empty({ text, icon = 'article', action, className = '' }: EmptyProps) {
  const { t } = useTranslation('kernel');
  return (
    <div className={`sf-state sf-state--empty ${className}`} role="status">
      <Icon name={icon} size={48} className="sf-state__icon" />
      <p className="sf-state__text">{text ?? t('ui.empty')}</p>
      {action}
    </div>
  );
}

export interface ErrorStateProps {
  /** Already translated; default "something went wrong". */
  message?: ReactNode;
  onRetry?: () => void;
  className?: string;
}

export function ErrorState({ message, onRetry, className = '' }: ErrorStateProps) {
  const { t } = useTranslation('kernel');
  return (
    <div className={`sf-state sf-state--error ${className}`} role="alert">
      <Icon name="close" size={40} className="sf-state__icon" />
      <p className="sf-state__text">{message ?? t('ui.error')}</p>
      {onRetry && (
        <Button variant="primary" size="small" round onClick={onRetry}>
          {t('ui.retry')}
        </Button>
      )}
    </div>
  );
}
