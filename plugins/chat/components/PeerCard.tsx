/** The other party of a conversation: avatar, name, their role, and whether they are connected now (live). */
import { useT } from '@kernel/client/hooks';
import { Avatar } from '@kernel/client/ui/Avatar';
import type { ChatPeer } from '../contract';
import { Presence } from './Presence';

export function PeerCard({ peer }: { peer: ChatPeer }) {
  const { t } = useT('chat');
  return (
    <header className="chat-peer">
      <Avatar src={peer.avatar} size={40} lazy={false} className="chat-peer__avatar" />
      <div className="chat-peer__main">
        <strong className="chat-peer__name">{peer.nickname}</strong>
        {peer.is_admin === 1 && <span className="chat-peer__role">{t('peer.staff')}</span>}
      </div>
      <Presence peer={peer} />
    </header>
  );
}
