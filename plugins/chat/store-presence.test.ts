import { proxy } from 'valtio';
import { describe, expect, it } from 'vitest';
import { room, shopperPeer, SHOPPER, STAFF, staffPeer } from './fixtures';
import { emptyChat, type ChatState } from './store';
import { applyPresence, isOnline } from './store-presence';
import { mergeRooms, upsertRoom } from './store-rooms';

const store = () => proxy<ChatState>(emptyChat());

describe('chat store: who is online', () => {
  it('takes the peers’ state from the rooms the server answers', () => {
    const chat = store();
    mergeRooms(chat, [room(1, { peaple1: shopperPeer(SHOPPER, 'Ann', true), peaple2: staffPeer(STAFF, '客服小优', false) })]);
    expect(chat.online).toEqual({ [SHOPPER]: true, [STAFF]: false });
    upsertRoom(chat, room(1, { peaple2: staffPeer(STAFF, '客服小优', true) }));
    expect(chat.online[STAFF]).toBe(true);
  });

  it('follows presence pushes, ignoring malformed ones', () => {
    const chat = store();
    applyPresence(chat, { type: 'presence', user_id: STAFF, online: true });
    applyPresence(chat, { type: 'presence', user_id: STAFF, online: false });
    for (const bad of [{ user_id: 0, online: true }, { user_id: 'admin_3', online: true }, { user_id: STAFF, online: 1 }, { online: true }]) {
      applyPresence(chat, { type: 'presence', ...bad });
    }
    expect(chat.online).toEqual({ [STAFF]: false });
  });

  it('answers the latest word on a peer, else what the reply carrying the peer said', () => {
    const chat = store();
    expect(isOnline(chat, staffPeer(STAFF, 'x', true))).toBe(true);
    applyPresence(chat, { type: 'presence', user_id: STAFF, online: false });
    expect(isOnline(chat, staffPeer(STAFF, 'x', true))).toBe(false);
    // The same account is admin_3 in one room and user_3 in another: one person, one state.
    expect(isOnline(chat, shopperPeer(STAFF, 'x', true))).toBe(false);
  });

  it('is forgotten with the rest of the chat', () => {
    const chat = store();
    applyPresence(chat, { type: 'presence', user_id: STAFF, online: true });
    Object.assign(chat, emptyChat());
    expect(chat.online).toEqual({});
  });
});
