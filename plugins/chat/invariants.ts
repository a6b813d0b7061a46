/** Rules the chat data must hold whatever happened (checked by `storefront doctor`). */
import { sql } from 'kysely';
import type { Invariant } from '@kernel/server/plugin';
import type {} from './tables';

export const chatInvariants: Invariant[] = [
  {
    id: 'last-message-is-newest',
    description: "every room's last_msg_id and last_msg are its newest message (null and '' while it has none)",
    async check(db) {
      const rows = await db
        .selectFrom('chat_room as r')
        .select(['r.id', 'r.last_msg_id', 'r.last_msg', sql<number | null>`(select max(m.id) from chat_message m where m.room_id = r.id)`.as('newest')])
        .execute();
      const problems: string[] = [];
      for (const r of rows) {
        const newest = r.newest === null ? null : Number(r.newest);
        if (r.last_msg_id !== newest) problems.push(`room ${r.id}: last_msg_id ${r.last_msg_id ?? 'null'} but its newest message is ${newest ?? 'none'}`);
      }
      const stale = await db
        .selectFrom('chat_room as r')
        .innerJoin('chat_message as m', 'm.id', 'r.last_msg_id')
        .select(['r.id', 'r.last_msg_id'])
        .whereRef('m.msg', '<>', 'r.last_msg')
        .execute();
      for (const r of stale) problems.push(`room ${r.id}: last_msg differs from the text of message ${r.last_msg_id}`);
      return problems;
    },
  },
  {
    id: 'messages-between-parties',
    description: "every message goes from one of its room's two parties to the other",
    async check(db) {
      const rows = await db
        .selectFrom('chat_message as m')
        .innerJoin('chat_room as r', 'r.id', 'm.room_id')
        .select(['m.id', 'm.room_id', 'm.from_user_id', 'm.to_user_id', 'r.user_id', 'r.staff_id'])
        .where((eb) =>
          eb.not(
            eb.or([
              eb.and([eb('m.from_user_id', '=', eb.ref('r.user_id')), eb('m.to_user_id', '=', eb.ref('r.staff_id'))]),
              eb.and([eb('m.from_user_id', '=', eb.ref('r.staff_id')), eb('m.to_user_id', '=', eb.ref('r.user_id'))]),
            ]),
          ),
        )
        .execute();
      return rows.map((m) => `message ${m.id} in room ${m.room_id}: from user ${m.from_user_id} to user ${m.to_user_id}, but the room is between users ${m.user_id} and ${m.staff_id}`);
    },
  },
];
