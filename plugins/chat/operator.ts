/**
 * The chat plugin's operator commands, mounted by the CLI while the plugin is enabled:
 *   storefront chat rooms [--staff <username>]   rooms with their unread counts, newest first
 *   storefront chat staff                        staff accounts with their rooms and waiting rooms
 * Whether staff are online is known only inside the running server (`storefront start` holds the
 * connections; these commands run in a process of their own), so no command claims to know it.
 */
import { sql } from 'kysely';
import { businessDateTime } from '@kernel/server/clock';
import { OperatorError, type Db, type OperatorCommand } from '@kernel/server/plugin';
import type {} from './tables';

/** Unread messages addressed to the room's `side` column. */
const unreadBy = (side: 'r.user_id' | 'r.staff_id') =>
  sql<number>`(select count(*) from chat_message m where m.room_id = r.id and m.to_user_id = ${sql.ref(side)} and m.is_read = 0)`;

const PREVIEW = 30;
const preview = (text: string) => ([...text].length > PREVIEW ? `${[...text].slice(0, PREVIEW).join('')}…` : text);

export async function roomReport(db: Db, staffId?: number) {
  let query = db
    .selectFrom('chat_room as r')
    .innerJoin('kernel_user as s', 's.id', 'r.user_id')
    .innerJoin('kernel_user as a', 'a.id', 'r.staff_id')
    .select(['r.id', 's.username as shopper', 'a.username as staff', 'r.last_msg', 'r.updatetime', unreadBy('r.staff_id').as('unread_by_staff'), unreadBy('r.user_id').as('unread_by_shopper')])
    .orderBy('r.updatetime', 'desc')
    .orderBy('r.id', 'desc');
  if (staffId !== undefined) query = query.where('r.staff_id', '=', staffId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, updatetime: Number(r.updatetime), unread_by_staff: Number(r.unread_by_staff), unread_by_shopper: Number(r.unread_by_shopper) }));
}

export async function staffReport(db: Db) {
  const rows = await db
    .selectFrom('kernel_user as u')
    .select([
      'u.id',
      'u.username',
      'u.nickname',
      'u.status',
      sql<number>`(select count(*) from chat_room r where r.staff_id = u.id)`.as('rooms'),
      sql<number>`(select count(*) from chat_room r where r.staff_id = u.id and exists (select 1 from chat_message m where m.room_id = r.id and m.to_user_id = u.id and m.is_read = 0))`.as('waiting'),
    ])
    .where('u.is_staff', '=', 1)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ ...r, locked: r.status !== 1, rooms: Number(r.rooms), waiting: Number(r.waiting) }));
}

async function staffNamed(db: Db, username: string, site: string): Promise<number> {
  const user = await db.selectFrom('kernel_user').select(['id', 'is_staff']).where('username', '=', username).executeTakeFirst();
  if (!user) throw new OperatorError(`user \`${username}\` does not exist in site \`${site}\``);
  if (user.is_staff !== 1) throw new OperatorError(`user \`${username}\` in site \`${site}\` is not a staff account (storefront user add <name> --staff)`);
  return user.id;
}

export const chatCommands: OperatorCommand[] = [
  {
    command: 'chat rooms',
    description: 'show the chat rooms, newest message first, with what each side has not read',
    options: [{ flags: '--staff <username>', description: "only this staff member's rooms" }],
    async run({ options, ctx }) {
      const username = typeof options.staff === 'string' ? options.staff.trim() : undefined;
      const staffId = username ? await staffNamed(ctx.db, username, ctx.siteName) : undefined;
      const rooms = await roomReport(ctx.db, staffId);
      const lines = rooms.map(
        (r) =>
          `room ${r.id}: ${r.shopper} ↔ staff ${r.staff}, ${r.unread_by_staff} unread by staff, ${r.unread_by_shopper} unread by the shopper, ` +
          (r.last_msg ? `last ${businessDateTime(r.updatetime * 1000)} "${preview(r.last_msg)}"` : 'no messages yet'),
      );
      if (lines.length === 0) lines.push(`no chat rooms${username ? ` of staff \`${username}\`` : ''} in site \`${ctx.siteName}\``);
      return { lines, data: rooms };
    },
  },
  {
    command: 'chat staff',
    description: 'show the staff accounts with their rooms and the rooms waiting for them (an unread message)',
    async run({ ctx }) {
      const staff = await staffReport(ctx.db);
      const lines = staff.map((s) => `${s.username} (user ${s.id}, ${s.nickname}): ${s.rooms} rooms, ${s.waiting} waiting${s.locked ? ', locked' : ''}`);
      if (lines.length === 0) lines.push(`no staff accounts in site \`${ctx.siteName}\`: shoppers are told "no customer service" (add one: storefront user add <name> --staff)`);
      else lines.push('Online state is known only to the running server (storefront start), not to this command.');
      return { lines, data: staff };
    },
  },
];
