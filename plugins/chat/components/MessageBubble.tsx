/**
 * One message, as text (React escapes it; long words wrap). Own messages sit on the right with
 * their state: sending (a spinner), sent, read (the read receipt), or failed with "tap to resend".
 */
import { useT } from '@kernel/client/hooks';
import { Spinner } from '@kernel/client/ui';
import { Avatar } from '@kernel/client/ui/Avatar';

export type OwnState = 'pending' | 'sent' | 'read' | 'failed';

export interface MessageBubbleProps {
  text: string;
  /** Set for own messages; the other party's have none. */
  state?: OwnState;
  /** The other party's avatar (their messages only). */
  avatar?: string;
  /** The hub's reason a send failed, when it gave one. */
  error?: string;
  onResend?: () => void;
}

export function MessageBubble({ text, state, avatar, error, onResend }: MessageBubbleProps) {
  const { t } = useT('chat');
  const mine = state !== undefined;
  return (
    <li className={`chat-message${mine ? ' chat-message--mine' : ''}`} data-state={state}>
      {!mine && <Avatar src={avatar} size={36} className="chat-message__avatar" />}
      <div className="chat-message__body">
        <p className="chat-message__text">{text}</p>
        {state === 'pending' && (
          <span className="chat-message__state" role="status" aria-label={t('send.pending')}>
            <Spinner size={12} />
          </span>
        )}
        {state === 'sent' && <span className="chat-message__state">{t('send.sent')}</span>}
        {state === 'read' && <span className="chat-message__state chat-message__state--read">✓ {t('send.read')}</span>}
        {state === 'failed' && (
          <button type="button" className="chat-message__resend" onClick={onResend} title={error || undefined}>
            {t('send.failed')}
          </button>
        )}
        {state === 'failed' && error && <span className="chat-message__error">{error}</span>}
      </div>
    </li>
  );
}
