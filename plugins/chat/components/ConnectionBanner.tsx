/**
 * The socket's state where the chat is (spec §8): "chat server disconnected" once the reconnects
 * gave up (or the hub refused), with a retry; "you are disconnected" while offline or waiting to
 * reconnect after a drop (not during the first connect, which takes a moment). Retrying needs the
 * network; offline, the socket reconnects by itself when it returns.
 */
import { useKernel, useSocket, useT } from '@kernel/client/hooks';
import { Icon } from '@kernel/client/ui';
import { SOCKET_STATE } from '@kernel/core/socket';

export function ConnectionBanner() {
  const kernel = useKernel();
  const socket = useSocket();
  const { t } = useT('chat');
  const dropped = !socket.online || (socket.status === SOCKET_STATE.reconnecting && socket.attempts > 0);
  if (!socket.failed && !dropped) return null;
  return (
    <div className={`chat-banner${socket.failed ? ' chat-banner--failed' : ''}`} role="alert">
      <Icon name="bell" size={16} />
      <span className="chat-banner__text">{socket.failed ? t('banner.failed') : t('kernel:message.disconnected')}</span>
      {socket.online && (
        <button type="button" className="chat-banner__retry" onClick={() => kernel.socket.retry()}>
          {socket.failed ? t('kernel:ui.retry') : t('banner.reconnect')}
        </button>
      )}
    </div>
  );
}
