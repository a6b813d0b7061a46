/**
 * A session's state at a moment (spec §4): 0 not started (a later business day), 1 countdown to
 * start (later today), 2 countdown to end (running), 3 ended (or closed early). Pure.
 */
import { businessDate } from '@kernel/server/clock';
import { SESSION_STATE, type SessionState } from './contract';

export interface SessionTimes {
  start_at: number;
  end_at: number;
  closed_at: number | null;
}

/** `now` in unix seconds; the business day is Asia/Shanghai's. */
export function sessionState(session: SessionTimes, now: number): SessionState {
  if (session.closed_at !== null || now >= session.end_at) return SESSION_STATE.ended;
  if (session.start_at <= now) return SESSION_STATE.running;
  return businessDate(session.start_at * 1000) === businessDate(now * 1000) ? SESSION_STATE.startsToday : SESSION_STATE.notStarted;
}

/** "10:00": the session's start in the business time zone. */
export function sessionTitle(startAt: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(startAt * 1000));
}

/** Whether the session starts on a later business day than `now`'s. */
export const laterDay = (startAt: number, now: number): boolean => businessDate(startAt * 1000) > businessDate(now * 1000);
