/**
 * The way to the staff desk, for the staff members only. The browser has no staff flag: a user
 * is staff here when their room list has a room they serve (`peaple2`).
 */
import { useSnapshot } from 'valtio';
import { useT } from '@kernel/client/hooks';
import { Icon, Link } from '@kernel/client/ui';
import { servesIn } from '../parties';
import { DESK_PATH } from '../paths';
import { chatStore } from '../store';

export function DeskLink() {
  const { t } = useT('chat');
  const chat = useSnapshot(chatStore);
  if (!chat.roomList.some((room) => servesIn(room, chat.user_id))) return null;
  return (
    <Link to={DESK_PATH} className="chat-desk-link">
      <Icon name="service" size={16} />
      {t('desk.entry')}
    </Link>
  );
}
