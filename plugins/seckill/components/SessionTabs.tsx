/** The sessions as tabs: "10:00" over its state (抢购中 / 即将开始 / 已结束, or 明日 for the next day's). */
import { useT } from '@kernel/client/hooks';
import { Tabs } from '@kernel/client/ui/Tabs';
import type { SeckillSession } from '../contract';

export function stateKey(session: Pick<SeckillSession, 'state' | 'later_day'>): string {
  if (session.later_day) return 'state.tomorrow';
  return ['state.not_started', 'state.starts_today', 'state.running', 'state.ended'][session.state] ?? 'state.not_started';
}

export function SessionTabs({ sessions, value, onChange }: { sessions: readonly SeckillSession[]; value: number; onChange: (id: number) => void }) {
  const { t } = useT('seckill');
  const items = sessions.map((session) => ({
    key: session.id,
    label: (
      <span className={`seckill-tab seckill-tab--${session.state}`}>
        <strong className="seckill-tab__time">{session.title}</strong>
        <small className="seckill-tab__state">{t(stateKey(session))}</small>
      </span>
    ),
  }));
  return <Tabs items={items} value={value} onChange={onChange} sticky className="seckill-tabs" />;
}
