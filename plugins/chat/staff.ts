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
import type { Db, ServerServices } from '@kernel/server/plugin';
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
export async function staffCandidates(db: Db, services: Pick<ServerServices, 'users' | 'hub'>, shopperId: number): Promise<StaffCandidate[]> {
  const staff = (await services.users.staff(db)).filter((s) => !s.locked && s.id !== shopperId);
  if (staff.length === 0) return [];
  const ids = staff.map((s) => s.id);
  const rooms = db.selectFrom('chat_room as r').where('r.staff_id', 'in', ids);
  const count = (query: typeof rooms) =>
    query
      .select((eb) => ['r.staff_id', eb.fn.countAll<number>().as('n')])
      .groupBy('r.staff_id')
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.staff_id, Number(row.n)])));
  const [all, waiting, talked] = await Promise.all([
    count(rooms),
    count(
      rooms.where(({ exists, selectFrom }) =>
        exists(selectFrom('chat_message as m').select(sql`1`.as('one')).whereRef('m.room_id', '=', 'r.id').whereRef('m.to_user_id', '=', 'r.staff_id').where('m.is_read', '=', 0)),
      ),
    ),
    rooms.select(['r.staff_id', 'r.updatetime']).where('r.user_id', '=', shopperId).execute(),
  ]);
  const talkedAt = new Map(talked.map((row) => [row.staff_id, Number(row.updatetime)]));
  return staff.map(({ id }) => ({
    id,
    online: services.hub.isOnline(id),
    waiting: waiting.get(id) ?? 0,
    rooms: all.get(id) ?? 0,
    talkedAt: talkedAt.get(id) ?? null,
  }));
}
