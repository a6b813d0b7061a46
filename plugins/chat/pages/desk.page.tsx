/**
 * The staff desk (`/staff/desk/desk`): the rooms the logged-in staff member serves, newest first,
 * with unread counts, the last message and its chat time — kept live by the socket. The browser
 * has no staff flag and the server shows everyone only their own rooms, so a user who serves no
 * room is told the desk is for customer-service staff (a new staff account, whose first room
 * comes with a shopper's first message, is told that too).
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useKernel, useT } from '@kernel/client/hooks';
import { Button, CellGroup, Empty, ErrorState, Page, Skeleton } from '@kernel/client/ui';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { RoomCell } from '../components/RoomCell';
import { servesIn } from '../parties';
import { SERVICE_PATH } from '../paths';
import { chatStore } from '../store';
import { loadRooms } from '../store-rooms';
import '../components/chat.css';

export default function DeskPage() {
  const kernel = useKernel();
  const { t } = useT('chat');
  const chat = useSnapshot(chatStore);
  const rooms = chat.roomList.filter((room) => servesIn(room, chat.user_id));

  useEffect(() => void loadRooms(kernel, chatStore), [kernel]);

  let content;
  if (rooms.length > 0) {
    content = (
      <CellGroup title={t('desk.rooms')}>
        {rooms.map((room) => (
          <RoomCell key={room.id} room={room} userId={chat.user_id} />
        ))}
      </CellGroup>
    );
  } else if (chat.rooms === 'error') {
    content = <ErrorState message={chat.roomsError} onRetry={() => void loadRooms(kernel, chatStore, true)} />;
  } else if (chat.rooms !== 'ready') {
    content = <Skeleton rows={2} avatar count={4} />;
  } else if (chat.roomList.length > 0) {
    // Rooms, but none served: a shopper.
    const contact = (
      <Button size="small" round onClick={() => kernel.nav.to(SERVICE_PATH)}>
        {t('desk.contact')}
      </Button>
    );
    content = <Empty icon="service" text={t('desk.not_staff')} action={contact} />;
  } else {
    content = <Empty icon="service" text={t('desk.empty')} action={<p className="chat-hint">{t('desk.empty_hint')}</p>} />;
  }

  return (
    <Page className="chat-page">
      <div className="chat-page__top">
        <ConnectionBanner />
      </div>
      {content}
    </Page>
  );
}
