/** Whether the other party is connected now (在线 / 离线), live: the chat store follows the hub's pushes. */
import { useSnapshot } from 'valtio';
import { useT } from '@kernel/client/hooks';
import type { ChatPeer } from '../contract';
import { chatStore } from '../store';
import { isOnline } from '../store-presence';

export function Presence({ peer }: { peer: ChatPeer }) {
  const { t } = useT('chat');
  const { online } = useSnapshot(chatStore);
  const on = isOnline({ online }, peer);
  return <span className={`chat-peer__presence${on ? ' chat-peer__presence--online' : ''}`}>{on ? t('peer.online') : t('peer.offline')}</span>;
}
