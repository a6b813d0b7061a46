/**
 * Writing messages to one WebSocket: each is a frame of its own (a client reads one JSON
 * message per frame), and several sent together leave in one write to the network. A flash sale
 * pushes every purchase to hundreds of sockets; a write per socket per message made those writes
 * most of a node's work under the crowd (issue #26's bench: 100 purchases × 500 sockets).
 */
import type { WebSocket } from 'ws';
import type { SocketMessage } from '../../core/socket';

/** The TCP socket under `ws`'s WebSocket (its `_socket`): corked, the frames it is given go out as one write. */
type Corkable = { cork(): void; uncork(): void };

/** Sends `messages` as frames, in one write; false (nothing sent) once the socket is closing or closed. */
export function sendFrames(socket: WebSocket, messages: readonly SocketMessage[]): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (messages.length === 1) {
    socket.send(JSON.stringify(messages[0]));
    return true;
  }
  const raw = (socket as unknown as { _socket?: Corkable })._socket;
  raw?.cork();
  try {
    for (const message of messages) socket.send(JSON.stringify(message));
  } finally {
    raw?.uncork();
  }
  return true;
}
