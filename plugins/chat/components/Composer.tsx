/**
 * Typing a message: Enter sends (Shift+Enter is a new line; Enter that ends an input-method
 * composition, as in pinyin, does not), the button is off while there is nothing to send, and
 * past MSG_MAX characters the limit shows instead.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '@kernel/client/hooks';
import { Button } from '@kernel/client/ui';
import { MSG_MAX } from '../contract';
import { sendable } from '../store-send';

export function Composer({ onSend }: { onSend: (text: string) => boolean }) {
  const { t } = useT('chat');
  const [text, setText] = useState('');
  const { ok, tooLong } = sendable(text);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (ok && onSend(text)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      <div className="chat-composer__field">
        <textarea
          className="chat-composer__input"
          aria-label={t('send.label')}
          placeholder={t('send.placeholder')}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong || undefined}
        />
        {tooLong && (
          <span className="chat-composer__limit" role="alert">
            {t('message.msg_too_long', { max: MSG_MAX })}
          </span>
        )}
      </div>
      <Button type="submit" variant="primary" round disabled={!ok}>
        {t('send.button')}
      </Button>
    </form>
  );
}
