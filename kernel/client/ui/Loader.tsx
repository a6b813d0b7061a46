/**
 * A spinner that appears only after `delay` ms (default 200, spec §2), so fast loads never flash.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import './loader.css';

export interface LoaderProps {
  /** Milliseconds before anything shows (default 200). */
  delay?: number;
  /** Already translated; default "loading…". */
  text?: string;
  /** Centre it in the page area. */
  block?: boolean;
}

export function Loader({ delay = 200, text, block = true }: LoaderProps) {
  const { t } = useTranslation('kernel');
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setWaited(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  // Derived, not stored: a loader re-used with delay 0 (the offline notice) shows at once.
  if (delay > 0 && !waited) return null;
  return (
    <div className={`sf-loader${block ? ' sf-loader--block' : ''}`} role="status" aria-live="polite">
      <Spinner size={block ? 28 : 16} />
      <span className="sf-loader__text">{text ?? t('ui.loading')}</span>
    </div>
  );
}
