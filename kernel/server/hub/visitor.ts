/**
 * A visitor's read-only connection (`?public=1`, no token): it receives what the hub broadcasts,
 * and of what it sends only `ping` is answered (a pong); every other frame is refused with
 * `kernel:message.login_required`, in the visitor's language. Frames draw on a budget shared by
 * the visitors of one IP, so reconnecting buys no more of them.
 */
import type { RawData, WebSocket } from 'ws';
import { parseMessage, type PongMessage, type SocketErrorMessage, type SocketMessage } from '../../core/socket';
import type { Clock } from '../clock';
import type { ServerI18n } from '../i18n';
import type { Lang } from '../plugin';
import type { Budget } from './budget';
import { sendFrames } from './socket-send';
import type { VisitorConnection } from './hub';

/** How long a closing socket may take to answer the close handshake before it is dropped. */
const CLOSE_WAIT_MS = 1000;

export interface VisitorDeps {
  i18n: ServerI18n;
  clock: Clock;
}

export interface Visitor extends VisitorConnection {
  /** Feed it the socket's `message` events. */
  receive(data: RawData, isBinary: boolean): void;
}

/** Who is on the other end: the language they read, and the budget of their IP's visitors. */
export interface VisitorPeer {
  lang: Lang;
  budget: () => Budget;
}

export function openVisitor(socket: WebSocket, peer: VisitorPeer, deps: VisitorDeps): Visitor {
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const send = (message: SocketMessage): boolean => sendFrames(socket, [message]);
  const refuse = (of: string, cid: unknown, key: string) => {
    const error: SocketErrorMessage = { type: 'error', of, ...(typeof cid === 'string' ? { cid } : {}), msg: deps.i18n.t(peer.lang, key) };
    send(error);
  };

  return {
    send,
    sendMany: (messages) => sendFrames(socket, messages),
    receive(data, isBinary) {
      const message = isBinary ? null : parseMessage(text(data));
      if (!peer.budget().hit()) refuse(message?.type.slice(0, 40) ?? '', message?.cid, 'kernel:socket.too_fast');
      else if (!message) refuse('', undefined, 'kernel:message.parameter_error');
      else if (message.type === 'ping') {
        const pong: PongMessage = { type: 'pong', time: Math.floor(deps.clock.now() / 1000) };
        send(pong);
      } else refuse(message.type.slice(0, 40), message.cid, 'kernel:message.login_required');
    },
    async close(code, reason) {
      if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close(code, reason);
      const timer = setTimeout(() => socket.terminate(), CLOSE_WAIT_MS);
      await closed;
      clearTimeout(timer);
    },
  };
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}
