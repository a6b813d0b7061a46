/**
 * Counts down to a unix-second deadline (a payment time-out, a flash sale's start or end) and
 * calls `onEnd` once when it reaches zero. `now` lets a page count on server time.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pad2, timeLeft, type TimeLeft } from './countdown-parts';
import './countdown.css';

export interface CountdownProps {
  /** Unix seconds. */
  deadline: number;
  onEnd?: () => void;
  /** Current time in milliseconds (default Date.now; pass a server-corrected clock). */
  now?: () => number;
  /** Custom rendering; default `1天 02:03:04` / `02:03:04`. */
  children?: (left: TimeLeft) => ReactNode;
  /** Shown once the deadline has passed (instead of 00:00:00). */
  ended?: ReactNode;
  className?: string;
}

export function Countdown({ deadline, onEnd, now = Date.now, children, ended, className = '' }: CountdownProps) {
  const { t } = useTranslation('kernel');
  const [left, setLeft] = useState(() => timeLeft(deadline, now()));
  const endRef = useRef(onEnd);
  endRef.current = onEnd;
  const clock = useRef(now);
  clock.current = now;

  useEffect(() => {
    let fired = false;
    const tick = () => {
      const next = timeLeft(deadline, clock.current());
      setLeft(next);
      if (next.total === 0 && !fired) {
        fired = true;
        clearInterval(timer);
        endRef.current?.();
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [deadline]);

  if (left.total === 0 && ended !== undefined) return <>{ended}</>;
  if (children) return <>{children(left)}</>;
  return (
    <span className={`sf-countdown ${className}`} role="timer">
      {left.days > 0 && <span className="sf-countdown__days">{t('ui.countdown_days', { count: left.days })}</span>}
      <span className="sf-countdown__unit">{pad2(left.hours)}</span>:
      <span className="sf-countdown__unit">{pad2(left.minutes)}</span>:
      <span className="sf-countdown__unit">{pad2(left.seconds)}</span>
    </span>
  );
}
