import { describe, expect, it } from 'vitest';
import { sessionState, sessionTitle } from './state';
import { businessDateTimeOf } from './setup';

// 2026-03-02 10:00 in Shanghai.
const now = Date.UTC(2026, 2, 2, 2) / 1000;
const at = (text: string) => businessDateTimeOf(text) as number;

describe('a session’s state (spec §4)', () => {
  it('is 2 while running, 1 later today, 0 on a later day, 3 once ended or closed', () => {
    expect(sessionState({ start_at: at('2026-03-02 10:00'), end_at: at('2026-03-02 12:00'), closed_at: null }, now)).toBe(2);
    expect(sessionState({ start_at: at('2026-03-02 20:00'), end_at: at('2026-03-02 22:00'), closed_at: null }, now)).toBe(1);
    expect(sessionState({ start_at: at('2026-03-03 00:00'), end_at: at('2026-03-03 02:00'), closed_at: null }, now)).toBe(0);
    expect(sessionState({ start_at: at('2026-03-02 08:00'), end_at: at('2026-03-02 10:00'), closed_at: null }, now)).toBe(3);
    expect(sessionState({ start_at: at('2026-03-02 10:00'), end_at: at('2026-03-02 12:00'), closed_at: now }, now)).toBe(3);
  });

  it('reads operator times in Shanghai and titles a session by its start', () => {
    expect(at('2026-03-02 10:00')).toBe(now);
    expect(businessDateTimeOf('2026-02-30 10:00')).toBeNull();
    expect(businessDateTimeOf('2026-03-02 24:00')).toBeNull();
    expect(sessionTitle(at('2026-03-02 14:00'))).toBe('14:00');
  });
});
