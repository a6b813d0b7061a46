/** A room on the staff desk: the shopper and whether they are here now, the last message, its chat time and the unread count. */
import { useLocale, useT } from '@kernel/client/hooks';
import { Cell } from '@kernel/client/ui';
import { Avatar } from '@kernel/client/ui/Avatar';
import type { ChatRoom } from '../contract';
import { peerIn } from '../parties';
import { DESK_ROOM_PATH } from '../paths';
import { Presence } from './Presence';

export function RoomCell({ room, userId }: { room: ChatRoom; userId: number }) {
  const locale = useLocale();
  const { t } = useT('chat');
  const peer = peerIn(room, userId);
  return (
    <Cell
      className="chat-room"
      icon={<Avatar src={peer.avatar} size={40} />}
      label={
        <span className="chat-room__who">
          <span className="chat-room__name">{peer.nickname}</span>
          <Presence peer={peer} />
        </span>
      }
      description={<span className="chat-room__preview">{room.last_msg || t('desk.no_message')}</span>}
      value={<time dateTime={new Date(room.updatetime * 1000).toISOString()}>{locale.chatTime(room.updatetime)}</time>}
      badge={room.no_read}
      to={`${DESK_ROOM_PATH}?id=${room.id}`}
      arrow={false}
    />
  );
}
