/**
 * The chat plugin's operator commands, mounted by the CLI while the plugin is enabled:
 *   storefront chat rooms [--staff <username>]   rooms with their unread counts, newest first
 *   storefront chat staff                        staff accounts with their rooms and waiting rooms
 * Whether staff are online is known only inside the running server (`storefront start` holds the
 * connections; these commands run in a process of their own), so no command claims to know it.
 */
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { optionalText } from '@kernel/core/schemas';
import { businessDateTime } from '@kernel/server/clock';
import { defineCommand, option } from '@kernel/server/operator-options';
import { OperatorError, type OperatorCommand, type OperatorContext } from '@kernel/server/plugin';
import type {} from './tables';

/** Unread messages addressed to the room's `side` column. */
const unreadBy = (side: 'r.user_id' | 'r.staff_id') =>
  sql<number>`(select count(*) from chat_message m where m.room_id = r.id and m.to_user_id = ${sql.ref(side)} and m.is_read = 0)`;

const PREVIEW = 30;
const preview = (text: string) => ([...text].length > PREVIEW ? `${[...text].slice(0, PREVIEW).join('')}…` : text);

type Ctx = Pick<OperatorContext, 'db' | 'services'>;

export async function roomReport({ db, services }: Ctx, staffId?: number) {
  let query = db
    .selectFrom('chat_room as r')
    .select(['r.id', 'r.user_id', 'r.staff_id', 'r.last_msg', 'r.updatetime', unreadBy('r.staff_id').as('unread_by_staff'), unreadBy('r.user_id').as('unread_by_shopper')])
    .orderBy('r.updatetime', 'desc')
    .orderBy('r.id', 'desc');
  if (staffId !== undefined) query = query.where('r.staff_id', '=', staffId);
  const rows = await query.execute();
  const people = await services.users.byIds(db, rows.flatMap((r) => [r.user_id, r.staff_id]));
  const name = (id: number) => people.get(id)?.username ?? `user ${id}`;
  return rows.map((r) => ({
    id: r.id,
    shopper: name(r.user_id),
    staff: name(r.staff_id),
    last_msg: r.last_msg,
    updatetime: Number(r.updatetime),
    unread_by_staff: Number(r.unread_by_staff),
    unread_by_shopper: Number(r.unread_by_shopper),
  }));
}

export async function staffReport({ db, services }: Ctx) {
  const staff = await services.users.staff(db);
  const rooms = await db
    .selectFrom('chat_room as r')
    .select([
      'r.staff_id',
      sql<number>`count(*)`.as('rooms'),
      sql<number>`sum(case when exists (select 1 from chat_message m where m.room_id = r.id and m.to_user_id = r.staff_id and m.is_read = 0) then 1 else 0 end)`.as('waiting'),
    ])
    .groupBy('r.staff_id')
    .execute();
  const load = new Map(rooms.map((r) => [r.staff_id, { rooms: Number(r.rooms), waiting: Number(r.waiting ?? 0) }]));
  return staff.map((s) => ({
    id: s.id,
    username: s.username,
    nickname: s.nickname,
    status: s.locked ? 0 : 1,
    rooms: load.get(s.id)?.rooms ?? 0,
    waiting: load.get(s.id)?.waiting ?? 0,
    locked: s.locked,
  }));
}

async function staffNamed({ db, services }: Ctx, username: string, site: string): Promise<number> {
  const user = await services.users.find(db, { username });
  if (!user) throw new OperatorError(`user \`${username}\` does not exist in site \`${site}\``);
  if (!user.isStaff) throw new OperatorError(`user \`${username}\` in site \`${site}\` is not a staff account (storefront user add <name> --staff)`);
  return user.id;
}

export const chatCommands: OperatorCommand[] = [
  defineCommand({
    command: 'chat rooms',
    description: 'show the chat rooms, newest message first, with what each side has not read',
    options: z.object({ staff: option(optionalText(64), "only this staff member's rooms", 'username') }),
    async run({ options, ctx }) {
      const username = options.staff;
      const staffId = username ? await staffNamed(ctx, username, ctx.siteName) : undefined;
      const rooms = await roomReport(ctx, staffId);
      const lines = rooms.map(
        (r) =>
          `room ${r.id}: ${r.shopper} ↔ staff ${r.staff}, ${r.unread_by_staff} unread by staff, ${r.unread_by_shopper} unread by the shopper, ` +
          (r.last_msg ? `last ${businessDateTime(r.updatetime * 1000)} "${preview(r.last_msg)}"` : 'no messages yet'),
      );
      if (lines.length === 0) lines.push(`no chat rooms${username ? ` of staff \`${username}\`` : ''} in site \`${ctx.siteName}\``);
      return { lines, data: rooms };
    },
  }),
  {
    command: 'chat staff',
    description: 'show the staff accounts with their rooms and the rooms waiting for them (an unread message)',
    async run({ ctx }) {
      const staff = await staffReport(ctx);
      const lines = staff.map((s) => `${s.username} (user ${s.id}, ${s.nickname}): ${s.rooms} rooms, ${s.waiting} waiting${s.locked ? ', locked' : ''}`);
      if (lines.length === 0) lines.push(`no staff accounts in site \`${ctx.siteName}\`: shoppers are told "no customer service" (add one: storefront user add <name> --staff)`);
      else lines.push('Online state is known only to the running server (storefront start), not to this command.');
      return { lines, data: staff };
    },
  },
];
