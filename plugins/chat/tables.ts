/**
 * The chat plugin's tables, merged into the kernel's `Database`. A room joins one shopper
 * (`user_id`) and one staff member (`staff_id`), at most once; its messages go between exactly
 * those two. Times are unix seconds.
 */
import type { Generated } from 'kysely';

export interface ChatRoomTable {
  id: Generated<number>;
  /** The shopper. */
  user_id: number;
  /** The staff member (a kernel user who was staff when the room was made). */
  staff_id: number;
  /** The newest message, kept with it in one transaction ('' and null while empty). */
  last_msg: Generated<string>;
  last_msg_id: number | null;
  /** When the newest message was stored (the creation time while empty): rooms sort by it. */
  updatetime: number;
  created_at: number;
}

export interface ChatMessageTable {
  id: Generated<number>;
  room_id: number;
  from_user_id: number;
  to_user_id: number;
  msg: string;
  createtime: number;
  /** 0 unread, 1 read by `to_user_id`. */
  is_read: Generated<number>;
  /** Only 'text' for now. */
  type: Generated<string>;
}

declare module '@kernel/server/database' {
  interface Database {
    chat_room: ChatRoomTable;
    chat_message: ChatMessageTable;
  }
}
