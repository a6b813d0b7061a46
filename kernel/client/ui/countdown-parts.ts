/** Splitting the time left until a deadline, pure so it is tested without a clock. */
export interface TimeLeft {
  /** Whole seconds left, never negative. */
  total: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function timeLeft(deadlineSeconds: number, nowMillis: number): TimeLeft {
  const total = Math.max(0, Math.ceil(deadlineSeconds - nowMillis / 1000));
  return {
    total,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export const pad2 = (n: number): string => String(n).padStart(2, '0');
