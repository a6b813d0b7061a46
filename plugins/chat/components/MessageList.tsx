/**
 * The active room's messages, oldest first, each group that follows a pause headed by its chat
 * time (spec §9: HH:mm today, else YYYY-MM-DD HH:mm), then the own sends still waiting. Older
 * messages load at the top — when it scrolls into view, or with the button — and the reading
 * position stays where it was; new ones scroll into view while the reader is at the bottom.
 */
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useKernel, useLocale, useT } from '@kernel/client/hooks';
import { Empty, ErrorState, Skeleton } from '@kernel/client/ui';
import { CHAT_PAGE_SIZE, type ChatMessage } from '../contract';
import { isMine, peerIn } from '../parties';
import { chatStore } from '../store';
import { loadOlder, openRoom } from '../store-room';
import { resend } from '../store-send';
import { MessageBubble } from './MessageBubble';
import { OlderMessages } from './OlderMessages';

/** A pause this long (seconds) starts a new group with its time. */
const GROUP_GAP_S = 5 * 60;
/** Closer than this (px) to the bottom counts as reading the newest messages. */
const BOTTOM_SLACK_PX = 80;

const startsGroup = (message: ChatMessage, previous: ChatMessage | undefined) => !previous || message.createtime - previous.createtime >= GROUP_GAP_S;
/** The window scrolls (the page frame), not the list. */
const scroller = () => document.scrollingElement ?? document.documentElement;

export function MessageList() {
  const kernel = useKernel();
  const locale = useLocale();
  const { t } = useT('chat');
  const chat = useSnapshot(chatStore);
  const me = chat.user_id;
  const room = chat.roomList.find((r) => r.id === chat.active_room);
  const avatar = room ? peerIn(room, me).avatar : '';
  const pending = chat.pending.filter((p) => p.room_id === chat.active_room);

  const atBottom = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      const view = scroller();
      atBottom.current = view.scrollHeight - view.scrollTop - view.clientHeight < BOTTOM_SLACK_PX;
    };
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, []);

  // Older messages: the height before they came, so the same message stays under the reader's eyes.
  const heightBefore = useRef<number | null>(null);
  const loadEarlier = () => {
    heightBefore.current = scroller().scrollHeight;
    void loadOlder(kernel, chatStore);
  };
  const firstId = chat.msgList[0]?.id ?? 0;
  useLayoutEffect(() => {
    if (heightBefore.current === null || chat.loadingOlder) return;
    const view = scroller();
    view.scrollTop += view.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  }, [firstId, chat.loadingOlder]);

  const tail = `${chat.msgList.at(-1)?.id ?? 0}:${pending.length}`;
  useLayoutEffect(() => {
    if (!atBottom.current) return;
    const view = scroller();
    view.scrollTop = view.scrollHeight;
  }, [tail]);

  if (chat.messages === 'error') return <ErrorState message={chat.messagesError} onRetry={() => void openRoom(kernel, chatStore, chat.active_room)} />;
  if (chat.msgList.length === 0 && pending.length === 0) {
    return chat.messages === 'ready' ? <Empty icon="service" text={t('list.empty')} /> : <Skeleton rows={2} avatar count={3} />;
  }
  return (
    // A log: assistive technology reads new messages as they arrive.
    <section className="chat-list" role="log" aria-label={t('list.label')}>
      <OlderMessages
        hasOlder={chat.hasOlder}
        loading={chat.loadingOlder}
        failed={chat.olderError !== ''}
        paged={chat.msgList.length > CHAT_PAGE_SIZE}
        onLoad={loadEarlier}
      />
      <ol className="chat-list__messages">
        {chat.msgList.map((message, index) => (
          <Fragment key={message.id}>
            {startsGroup(message, chat.msgList[index - 1]) && (
              <li className="chat-list__time">
                <time dateTime={new Date(message.createtime * 1000).toISOString()}>{locale.chatTime(message.createtime)}</time>
              </li>
            )}
            <MessageBubble
              text={message.msg}
              state={isMine(message, me) ? (message.is_read === 1 ? 'read' : 'sent') : undefined}
              avatar={avatar}
            />
          </Fragment>
        ))}
        {pending.map((p) => (
          <MessageBubble key={p.cid} text={p.msg} state={p.failed ? 'failed' : 'pending'} error={p.error} onResend={() => resend(kernel, chatStore, p.cid)} />
        ))}
      </ol>
    </section>
  );
}
