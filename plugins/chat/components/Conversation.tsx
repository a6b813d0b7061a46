/**
 * A conversation, the same for the shopper and for staff: the socket banner, the messages and
 * the composer. It makes its room the active one while it is on screen (page 1, marked read) and
 * marks it read again whenever the browser tab comes back into view.
 */
import { useEffect, type ReactNode } from 'react';
import { useKernel } from '@kernel/client/hooks';
import { Page } from '@kernel/client/ui';
import { chatStore } from '../store';
import { closeRoom, openRoom, pageVisible, readActiveRoom } from '../store-room';
import { sendMessage } from '../store-send';
import { Composer } from './Composer';
import { ConnectionBanner } from './ConnectionBanner';
import { MessageList } from './MessageList';
import './chat.css';

export function Conversation({ roomId, top }: { roomId: number; top?: ReactNode }) {
  const kernel = useKernel();

  useEffect(() => {
    void openRoom(kernel, chatStore, roomId);
    return () => closeRoom(chatStore, roomId);
  }, [kernel, roomId]);

  useEffect(() => {
    const onVisible = () => pageVisible() && readActiveRoom(kernel, chatStore);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [kernel]);

  return (
    <Page className="chat-page" footer={<Composer onSend={(text) => sendMessage(kernel, chatStore, text)} />}>
      <div className="chat-page__top">
        {top}
        <ConnectionBanner />
      </div>
      <MessageList />
    </Page>
  );
}
