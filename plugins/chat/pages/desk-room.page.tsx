/**
 * One room on the staff desk (`/staff/desk/room?id=5`): the shopper, then the same conversation
 * the shopper sees. Only the room's two parties may read it; anyone else gets "this conversation
 * does not exist" from the server.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useKernel, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { ErrorState, Page } from '@kernel/client/ui';
import { Conversation } from '../components/Conversation';
import { PeerCard } from '../components/PeerCard';
import { peerIn } from '../parties';
import { chatStore } from '../store';
import { fetchRoom, findRoom } from '../store-rooms';
import '../components/chat.css';

export default function DeskRoomPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('chat');
  const chat = useSnapshot(chatStore);
  const roomId = /^\d{1,15}$/.test(query.id ?? '') ? Number(query.id) : 0;
  const room = chat.roomList.find((r) => r.id === roomId);

  useEffect(() => {
    // The header's shopper; a refusal shows in the conversation itself (getChat refuses alike).
    if (roomId && !findRoom(chatStore, roomId)) fetchRoom(kernel, chatStore, roomId).catch(() => undefined);
  }, [kernel, roomId]);

  if (!roomId) {
    return (
      <Page>
        <ErrorState message={t('message.room_not_found')} />
      </Page>
    );
  }
  return <Conversation roomId={roomId} top={room ? <PeerCard peer={peerIn(room, chat.user_id)} /> : undefined} />;
}
