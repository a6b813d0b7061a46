/**
 * The room list: loaded when the socket opens (and by the pages that show it), kept newest first
 * with the total unread recomputed (spec §4). A reply never takes a room back to an older state
 * than a live message already brought it to: per room, the newer `last_msg_id` wins. Who is online
 * is taken from every reply (it is the server's word of now).
 */
import type { Kernel } from '@kernel/client/kernel';
import { chatContract, type ChatRoom } from './contract';
import { emptyChat, type ChatState } from './store';
import { servesIn } from './parties';
import { notePresence } from './store-presence';

/**
 * The logged-in user's id (0: nobody), after making the store theirs: a store that still holds
 * someone else's chat is emptied first.
 */
export function owner(kernel: Kernel, store: ChatState): number {
  const id = kernel.session.state.user?.id ?? 0;
  if (store.user_id !== id) Object.assign(store, emptyChat(), { user_id: id });
  return id;
}

/** A reply that comes back after a logout (or another login) is dropped. */
export const stillOwner = (kernel: Kernel, store: ChatState, userId: number): boolean =>
  userId > 0 && kernel.session.state.user?.id === userId && store.user_id === userId;

export const findRoom = (store: ChatState, roomId: number): ChatRoom | undefined => store.roomList.find((room) => room.id === roomId);

const newestFirst = (a: ChatRoom, b: ChatRoom) => b.updatetime - a.updatetime || b.id - a.id;
const lastId = (room: ChatRoom) => room.last_msg_id ?? 0;
/** `incoming` is older than what the store has (a live message came after the server answered). */
const isBehind = (incoming: ChatRoom, known: ChatRoom) => lastId(incoming) < lastId(known);

/** Sorts the rooms newest first and recomputes the total unread. */
export function settleRooms(store: ChatState): void {
  store.roomList = [...store.roomList].sort(newestFirst);
  store.noRead = store.roomList.reduce((sum, room) => sum + room.no_read, 0);
  store.deskNoRead = store.roomList.reduce((sum, room) => sum + (servesIn(room, store.user_id) ? room.no_read : 0), 0);
}

/** Adds the room or takes its newer state; answers the store's copy. */
export function upsertRoom(store: ChatState, room: ChatRoom): ChatRoom {
  notePresence(store, [room]);
  const index = store.roomList.findIndex((r) => r.id === room.id);
  if (index < 0) store.roomList.push(room);
  else if (!isBehind(room, store.roomList[index])) store.roomList[index] = room;
  settleRooms(store);
  return findRoom(store, room.id) as ChatRoom;
}

/** A room a page was given (the shopper's service room): added to the logged-in user's list. */
export function showRoom(kernel: Kernel, store: ChatState, room: ChatRoom): void {
  if (owner(kernel, store)) upsertRoom(store, room);
}

/** The server's list, except rooms a live message has taken further; rooms only this tab knows stay. */
export function mergeRooms(store: ChatState, rooms: readonly ChatRoom[]): void {
  notePresence(store, rooms);
  const known = new Map(store.roomList.map((room) => [room.id, room]));
  const merged = rooms.map((room) => {
    const mine = known.get(room.id);
    known.delete(room.id);
    return mine && isBehind(room, mine) ? mine : room;
  });
  store.roomList = [...merged, ...known.values()];
  settleRooms(store);
}

const loading = new WeakMap<ChatState, Promise<void>>();

/**
 * Loads the room list (getRoom) unless loaded or loading; `force` loads it again (the socket
 * reopened). A reload keeps the rooms on screen, and a failed one keeps them too. Never rejects.
 */
export function loadRooms(kernel: Kernel, store: ChatState, force = false): Promise<void> {
  const me = owner(kernel, store);
  const running = loading.get(store);
  if (!me || running) return running ?? Promise.resolve();
  if (store.rooms === 'ready' && !force) return Promise.resolve();
  if (store.rooms !== 'ready') store.rooms = 'loading';
  const request = kernel.http
    .data(chatContract.getRoom, {}, { toastError: false })
    .then(
      (rooms) => {
        if (!stillOwner(kernel, store, me)) return;
        mergeRooms(store, rooms);
        Object.assign(store, { rooms: 'ready', roomsError: '' });
      },
      (error: unknown) => {
        if (!stillOwner(kernel, store, me)) return;
        store.roomsError = error instanceof Error ? error.message : String(error);
        if (store.rooms !== 'ready') store.rooms = 'error';
      },
    )
    .finally(() => loading.delete(store));
  loading.set(store, request);
  return request;
}

const fetching = new WeakMap<ChatState, Map<number, Promise<ChatRoom | null>>>();

/**
 * One room by id (getTheRoom), added to the list: a message arrived in a room this tab does not
 * know, or a page opens a room the list has not brought yet. Messages arriving together share one
 * request. Null when the user changed meanwhile; rejects with the refusal ("this conversation
 * does not exist").
 */
export function fetchRoom(kernel: Kernel, store: ChatState, roomId: number): Promise<ChatRoom | null> {
  const me = owner(kernel, store);
  if (!me) return Promise.resolve(null);
  let requests = fetching.get(store);
  if (!requests) fetching.set(store, (requests = new Map()));
  const running = requests.get(roomId);
  if (running) return running;
  const request = kernel.http
    .data(chatContract.getTheRoom, { room_id: roomId }, { toastError: false })
    .then((room) => (stillOwner(kernel, store, me) ? upsertRoom(store, room) : null))
    .finally(() => requests.delete(roomId));
  requests.set(roomId, request);
  return request;
}
