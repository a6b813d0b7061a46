/**
 * Who serves a shopper (getServicePeaple). The rule is pure (`pickStaff`); the query gathers each
 * active staff account's load and whether the shopper already has a room with them.
 *
 * "Least busy" is the fewest rooms WAITING for the staff member (a message to them still unread),
 * then the fewest rooms in all, then the lowest id. Waiting rooms measure the work in hand now and
 * need no business day (rooms "updated today" would count a finished chat as work and depend on
 * the time zone); the total spreads new shoppers when nobody is waiting.
 */
import { sql } from 'kysely';
import type { Db } from '@kernel/server/plugin';
import type {} from './tables';

export interface StaffCandidate {
  id: number;
  /** Connected to the hub now. */
  online: boolean;
  /** Rooms with a message to them that they have not read. */
  waiting: number;
  /** Rooms they serve. */
  rooms: number;
  /** When the shopper's room with them last changed (unix seconds); null when they have none. */
  talkedAt: number | null;
}

const byLoad = (a: StaffCandidate, b: StaffCandidate) => a.waiting - b.waiting || a.rooms - b.rooms || a.id - b.id;

/**
 * The staff member the shopper talked to before (the most recent room, online or not: the
 * conversation stays in one place), else the least busy online one, else the least busy of all
 * (offline staff still get the room; messages wait for them). Null when there is no staff at all.
 */
export function pickStaff(candidates: readonly StaffCandidate[]): number | null {
  const previous = candidates
    .filter((c) => c.talkedAt !== null)
    .sort((a, b) => (b.talkedAt ?? 0) - (a.talkedAt ?? 0) || a.id - b.id)[0];
  if (previous) return previous.id;
  const online = candidates.filter((c) => c.online);
  const pool = online.length > 0 ? online : [...candidates];
  return pool.sort(byLoad)[0]?.id ?? null;
}

/** Active staff accounts other than the shopper, with their load and the shopper's room with them. */
export async function staffCandidates(db: Db, shopperId: number, isOnline: (userId: number) => boolean): Promise<StaffCandidate[]> {
  const rows = await db
    .selectFrom('kernel_user as u')
    .select((eb) => [
      'u.id',
      eb.selectFrom('chat_room as r').select(eb.fn.countAll<number>().as('n')).whereRef('r.staff_id', '=', 'u.id').as('rooms'),
      eb
        .selectFrom('chat_room as r')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('r.staff_id', '=', 'u.id')
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('chat_message as m').select(sql`1`.as('one')).whereRef('m.room_id', '=', 'r.id').whereRef('m.to_user_id', '=', 'r.staff_id').where('m.is_read', '=', 0)),
        )
        .as('waiting'),
      eb.selectFrom('chat_room as r').select('r.updatetime').whereRef('r.staff_id', '=', 'u.id').where('r.user_id', '=', shopperId).as('talked_at'),
    ])
    .where('u.is_staff', '=', 1)
    .where('u.status', '=', 1)
    .where('u.id', '<>', shopperId)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    online: isOnline(row.id),
    waiting: Number(row.waiting ?? 0),
    rooms: Number(row.rooms ?? 0),
    talkedAt: row.talked_at === null || row.talked_at === undefined ? null : Number(row.talked_at),
  }));
}
