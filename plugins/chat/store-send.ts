/**
 * Sending (spec §8 "send failed, please retry"): a message shows at once as pending, goes out over
 * the socket with a client id (`cid`), and settles when the hub acknowledges it — the stored
 * message with the same cid — or fails: refused (`error` of `single`), not sent (the socket is
 * closed), or no acknowledgement in time. A failed one is sent again with the same cid, so a late
 * acknowledgement of the first attempt still settles it.
 */
import type { Kernel } from '@kernel/client/kernel';
import { newRequestKey } from '@kernel/core/request-key';
import { MSG_MAX, type ChatMessage, type SingleFrame } from './contract';
import type { ChatState, PendingMessage } from './store';

/** How long a sent message may wait for its acknowledgement before it shows as failed. */
export const ACK_WAIT_MS = 10_000;

/** What the composer may send: trimmed (as the hub stores it), 1–MSG_MAX characters (an emoji is one). */
export function sendable(text: string): { text: string; ok: boolean; tooLong: boolean } {
  const trimmed = text.trim();
  const tooLong = [...trimmed].length > MSG_MAX;
  return { text: trimmed, ok: trimmed !== '' && !tooLong, tooLong };
}

const waits = new Map<string, ReturnType<typeof setTimeout>>();

function stopWaiting(cid: string): void {
  clearTimeout(waits.get(cid));
  waits.delete(cid);
}

/** Marks a pending message failed (the hub's reason, if any). */
export function failPending(store: ChatState, cid: string, error = ''): void {
  stopWaiting(cid);
  const pending = store.pending.find((p) => p.cid === cid);
  if (pending) Object.assign(pending, { failed: true, error });
}

function transmit(kernel: Kernel, store: ChatState, pending: PendingMessage): void {
  Object.assign(pending, { failed: false, error: '' });
  const frame: SingleFrame = { type: 'single', room_id: pending.room_id, msg: pending.msg, cid: pending.cid };
  if (!kernel.socket.send(frame)) return failPending(store, pending.cid);
  stopWaiting(pending.cid);
  waits.set(
    pending.cid,
    setTimeout(() => failPending(store, pending.cid), ACK_WAIT_MS),
  );
}

/** Sends a text into the active room; false when there is nothing sendable or no room. */
export function sendMessage(kernel: Kernel, store: ChatState, text: string): boolean {
  const { text: msg, ok } = sendable(text);
  if (!ok || !store.active_room) return false;
  store.pending.push({ cid: newRequestKey(), room_id: store.active_room, msg, createtime: Math.floor(Date.now() / 1000), failed: false, error: '' });
  transmit(kernel, store, store.pending[store.pending.length - 1]);
  return true;
}

/** "Tap to resend" on a failed message. */
export function resend(kernel: Kernel, store: ChatState, cid: string): void {
  const pending = store.pending.find((p) => p.cid === cid);
  if (pending?.failed) transmit(kernel, store, pending);
}

/** The hub acknowledged a send: its pending copy goes (the stored message takes its place). */
export function settleByCid(store: ChatState, cid: string): void {
  stopWaiting(cid);
  const index = store.pending.findIndex((p) => p.cid === cid);
  if (index >= 0) store.pending.splice(index, 1);
}

/**
 * An own message without a cid (sent from another tab, or fetched after a reconnect): the first
 * pending or failed copy of the same text in the room goes, since it was stored after all.
 */
export function settleByText(store: ChatState, message: ChatMessage): void {
  const pending = store.pending.find((p) => p.room_id === message.room_id && p.msg === message.msg);
  if (pending) settleByCid(store, pending.cid);
}
