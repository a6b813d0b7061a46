/**
 * The top of a conversation: loads the older messages when it scrolls into view (where the
 * browser has IntersectionObserver), with a button for keyboards and for retrying.
 */
import { useEffect, useRef } from 'react';
import { useT } from '@kernel/client/hooks';
import { Spinner } from '@kernel/client/ui';

export interface OlderMessagesProps {
  hasOlder: boolean;
  loading: boolean;
  failed: boolean;
  /** Older pages were loaded already: "no earlier messages" is worth saying. */
  paged: boolean;
  onLoad: () => void;
}

export function OlderMessages({ hasOlder, loading, failed, paged, onLoad }: OlderMessagesProps) {
  const { t } = useT('chat');
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasOlder || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasOlder, loading, failed]);

  let content = null;
  if (loading) {
    content = (
      <span className="chat-older__status" role="status">
        <Spinner size={14} /> {t('kernel:ui.loading')}
      </span>
    );
  } else if (failed || hasOlder) {
    content = (
      <button type="button" className="chat-older__more" onClick={onLoad}>
        {failed ? t('list.older_failed') : t('list.older')}
      </button>
    );
  } else if (paged) {
    content = <span className="chat-older__status">{t('list.no_older')}</span>;
  }
  return (
    <div ref={sentinel} className="chat-older">
      {content}
    </div>
  );
}
