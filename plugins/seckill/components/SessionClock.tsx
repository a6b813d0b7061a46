/**
 * A session's countdown on the server's clock: "距结束 01:02:03" while it runs, "距开始 …" before,
 * "本场已结束" after. `onEnd` runs when the count reaches zero (the page loads the new state).
 */
import { useBootT } from '@kernel/client/hooks';
import { Countdown } from '@kernel/client/ui';
import type { SeckillSession } from '../contract';
import './parts.css';

export interface SessionClockProps {
  session: Pick<SeckillSession, 'state' | 'start_at' | 'end_at'>;
  now: () => number;
  onEnd?: () => void;
  className?: string;
}

export function SessionClock({ session, now, onEnd, className = '' }: SessionClockProps) {
  const { t } = useBootT('seckill');
  if (session.state === 3) return <span className={`seckill-clock ${className}`}>{t('clock.ended')}</span>;
  const running = session.state === 2;
  return (
    <span className={`seckill-clock ${className}`} data-testid="seckill-clock">
      <span className="seckill-clock__label">{running ? t('clock.ends_in') : t('clock.starts_in')}</span>
      <Countdown key={running ? 'end' : 'start'} deadline={running ? session.end_at : session.start_at} now={now} onEnd={onEnd} />
    </span>
  );
}
