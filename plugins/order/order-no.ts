/** Order numbers: the business date and time (Asia/Shanghai) and six random digits, 20 digits in all. */
import { randomInt } from 'node:crypto';
import { businessDateTime } from '@kernel/server/clock';

export function newOrderNo(nowMs: number): string {
  return businessDateTime(nowMs).replace(/\D/g, '') + String(randomInt(1_000_000)).padStart(6, '0');
}
