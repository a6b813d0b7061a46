/**
 * The chat in the browser (spec §3 chat state): the rooms, the open room's messages, the unread
 * counts, who is online, the messages waiting for the hub's acknowledgement and the last
 * flash-sale push. The manifest imports this file (the member-centre badge reads `noRead`; setup
 * subscribes to the socket), so it holds the state and the wiring only: what a message or an open
 * changes lives in ./store-events.ts, downloaded with the first of them, so a visitor's home page
 * never loads it.
 */
import { proxy } from 'valtio';
import type { Kernel } from '@kernel/client/kernel';
import type { ChatMessage, ChatRoom } from './contract';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A message sent over the socket that the hub has not acknowledged yet (or refused). */
export interface PendingMessage {
  /** The client's id, echoed by the acknowledgement or the refusal. */
  cid: string;
  room_id: number;
  msg: string;
  /** Unix seconds, when it was sent. */
  createtime: number;
  /** "send failed, please retry": refused, not sent (socket closed), or no acknowledgement in time. */
  failed: boolean;
  /** The hub's reason, when it gave one. */
  error: string;
}

/** The flash-sale push (spec §3 "Seckill push message"); the seckill plugin reads it. */
export interface SeckillEvent {
  event: string;
  seckill_id: number;
  goods_id: number;
  buy_num: number;
}

export interface ChatState {
  /** Whose chat this is (0: nobody logged in); what arrives for someone else is dropped. */
  user_id: number;
  /** Unread messages over all rooms. */
  noRead: number;
  /** Of them, those in rooms the user serves as staff: the desk's badge; the rest are 联系客服's. */
  deskNoRead: number;
  /** Newest message first. */
  roomList: ChatRoom[];
  rooms: LoadStatus;
  roomsError: string;
  /** The room on screen (0: none); its messages are `msgList`, oldest first. */
  active_room: number;
  msgList: ChatMessage[];
  /** Messages in the active room, as the server counted them. */
  allMsgNumber: number;
  messages: LoadStatus;
  messagesError: string;
  /** Older messages than the first of `msgList` exist. */
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: string;
  /** Sends of every room waiting for their acknowledgement, or failed. */
  pending: PendingMessage[];
  /** Who is connected, by user id, as the latest room reply or `presence` push said. */
  online: Record<number, boolean>;
  seckill: SeckillEvent | null;
}

export const emptyChat = (): ChatState => ({
  user_id: 0,
  noRead: 0,
  deskNoRead: 0,
  roomList: [],
  rooms: 'idle',
  roomsError: '',
  active_room: 0,
  msgList: [],
  allMsgNumber: 0,
  messages: 'idle',
  messagesError: '',
  hasOlder: false,
  loadingOlder: false,
  olderError: '',
  pending: [],
  online: {},
  seckill: null,
});

export const chatStore = proxy<ChatState>(emptyChat());

/** The socket messages the chat handles (spec §4 "Incoming messages"; `error` for refused sends, `presence` of the other parties). */
const INCOMING = ['single', 'read_msg', 'error', 'seckill', 'presence'];

type Events = typeof import('./store-events');

const report = (error: unknown) => console.error('storefront: chat socket event failed', error);

/**
 * The setup hook: every open of the socket and every incoming chat message goes to
 * ./store-events.ts in the order they came (each waits for the download before it, not for the
 * requests it makes); a logout forgets the chat.
 */
export function followChat(kernel: Kernel, store: ChatState = chatStore): void {
  let queue: Promise<unknown> = Promise.resolve();
  const later = (run: (events: Events) => unknown) => {
    queue = queue
      .then(() => import('./store-events'))
      .then((events) => void Promise.resolve(events).then(run).catch(report), report);
  };
  kernel.socket.onOpen(() => later((events) => events.opened(kernel, store)));
  for (const type of INCOMING) kernel.socket.on(type, (message) => later((events) => events.received(kernel, store, message)));
  kernel.session.on('logout', () => Object.assign(store, emptyChat()));
}
