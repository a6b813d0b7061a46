/** The other party of a conversation: avatar, name, their role, and whether they are connected now. */
import { useT } from '@kernel/client/hooks';
import { Img } from '@kernel/client/ui';
import type { ChatPeer } from '../contract';

export function PeerCard({ peer, online }: { peer: ChatPeer; online?: boolean }) {
  const { t } = useT('chat');
  return (
    <header className="chat-peer">
      <Img src={peer.avatar} alt="" round width={40} height={40} className="chat-peer__avatar" />
      <div className="chat-peer__main">
        <strong className="chat-peer__name">{peer.nickname}</strong>
        {peer.is_admin === 1 && <span className="chat-peer__role">{t('peer.staff')}</span>}
      </div>
      {online !== undefined && (
        <span className={`chat-peer__presence${online ? ' chat-peer__presence--online' : ''}`}>{online ? t('peer.online') : t('peer.offline')}</span>
      )}
    </header>
  );
}
