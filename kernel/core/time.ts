/** Time display rules of spec §9, pure so both the browser and tests can use them. */
import dayjs from 'dayjs';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Spec §9: a 10-digit timestamp is seconds; otherwise milliseconds. Dates and ISO strings pass through. */
export function toMillis(value: number | string | Date): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && !/^\d+$/.test(value)) return dayjs(value).valueOf();
  const n = Number(value);
  return String(Math.trunc(n)).length <= 10 ? n * 1000 : n;
}

/** Chat: same day shows HH:mm, otherwise YYYY-MM-DD HH:mm. */
export function chatTime(value: number | string | Date, now: number = Date.now()): string {
  const at = dayjs(toMillis(value));
  return at.isSame(dayjs(now), 'day') ? at.format('HH:mm') : at.format('YYYY-MM-DD HH:mm');
}

/** Just now, minutes, hours, days, weeks, months ago, then the full date after 12 months. */
export function relativeTime(value: number | string | Date, t: Translate, now: number = Date.now()): string {
  const at = toMillis(value);
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const months = dayjs(now).diff(dayjs(at), 'month');
  if (minutes < 1) return t('kernel:time.just_now');
  if (hours < 1) return t('kernel:time.minutes_ago', { count: minutes });
  if (days < 1) return t('kernel:time.hours_ago', { count: hours });
  if (days < 7) return t('kernel:time.days_ago', { count: days });
  if (months < 1) return t('kernel:time.weeks_ago', { count: Math.floor(days / 7) });
  if (months < 12) return t('kernel:time.months_ago', { count: months });
  return dayjs(at).format('YYYY-MM-DD');
}

/** `YYYY-MM-DD HH:mm:ss` in the viewer's time (order logs, ledgers). */
export const dateTime = (value: number | string | Date): string => dayjs(toMillis(value)).format('YYYY-MM-DD HH:mm:ss');

/** `YYYY-MM-DD` (10-digit values are seconds). */
export const dateOnly = (value: number | string | Date): string => dayjs(toMillis(value)).format('YYYY-MM-DD');
