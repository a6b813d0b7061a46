/**
 * Order numbers: the business date and time (Asia/Shanghai) and six more digits, 20 digits in
 * all. The six digits count up from a random start per process, so one process never repeats a
 * number within a second (random digits did: at a thousand orders a second, two orders of the
 * same second shared a number about every other second, and the second one failed). Nodes of one
 * PostgreSQL shop start at random points; should two of them still meet, the unique index refuses
 * the second insert and the placing transaction runs again with a new number
 * (kernel/server/db-postgres.ts retries a unique violation).
 */
import { randomInt } from 'node:crypto';
import { businessDateTime } from '@kernel/server/clock';

const SPAN = 1_000_000;
let next = randomInt(SPAN);

export function newOrderNo(nowMs: number): string {
  const digits = next;
  next = (next + 1) % SPAN;
  return businessDateTime(nowMs).replace(/\D/g, '') + String(digits).padStart(6, '0');
}
