/** The other party of a conversation: avatar, name, their role, and whether they are connected now (live). */
import { useT } from '@kernel/client/hooks';
import { Img } from '@kernel/client/ui';
import type { ChatPeer } from '../contract';
import { Presence } from './Presence';

export function PeerCard({ peer }: { peer: ChatPeer }) {
  const { t } = useT('chat');
  return (
    <header className="chat-peer">
      <Img src={peer.avatar} alt="" round width={40} height={40} className="chat-peer__avatar" />
      <div className="chat-peer__main">
        <strong className="chat-peer__name">{peer.nickname}</strong>
        {peer.is_admin === 1 && <span className="chat-peer__role">{t('peer.staff')}</span>}
      </div>
      <Presence peer={peer} />
    </header>
  );
}
