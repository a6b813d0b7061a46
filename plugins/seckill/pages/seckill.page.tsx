/**
 * The flash-sale page (`/marketing/seckill/seckill`, `?session_id=` optional): the sessions as
 * tabs, the chosen one's countdown on the server's clock, and its goods, kept live by the socket's
 * flash-sale pushes. Open to visitors; buying asks for a login at the settlement.
 */
import { useMemo, useState } from 'react';
import { useCall, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Async, Empty, Page, Skeleton } from '@kernel/client/ui';
import { ItemCard } from '../components/ItemCard';
import { SessionClock } from '../components/SessionClock';
import { SessionTabs } from '../components/SessionTabs';
import { useLiveItems } from '../components/use-live-items';
import { seckillContract, type SeckillIndex } from '../contract';
import { serverClock } from '../live';
import './seckill.css';

const idOf = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export default function SeckillPage({ query }: PageProps) {
  const { t } = useT('seckill');
  const [chosen, setChosen] = useState(() => idOf(query.session_id));
  const index = useCall(seckillContract.index, chosen === undefined ? {} : { session_id: chosen }, [chosen]);
  return (
    <Page className="seckill-page">
      <Async
        state={index}
        loading={<Skeleton rows={3} avatar count={3} />}
        isEmpty={(data) => data.sessions.length === 0 || data.session_id === null}
        empty={<Empty icon="seckill" text={t('empty')} />}
      >
        {(data) => <Sale data={data} onChoose={setChosen} onTimeUp={() => void index.reload()} />}
      </Async>
    </Page>
  );
}

function Sale({ data, onChoose, onTimeUp }: { data: SeckillIndex; onChoose: (id: number) => void; onTimeUp: () => void }) {
  const { t } = useT('seckill');
  const now = useMemo(() => serverClock(data.server_time), [data]);
  const items = useLiveItems(data.goods);
  const session = data.sessions.find((s) => s.id === data.session_id) ?? data.sessions[0];
  return (
    <>
      <SessionTabs sessions={data.sessions} value={session.id} onChange={onChoose} />
      <div className="seckill-banner">
        <span className="seckill-banner__title">{t('banner', { title: session.title })}</span>
        <SessionClock key={`${session.id}-${data.server_time}`} session={session} now={now} onEnd={onTimeUp} />
      </div>
      {items.length === 0 ? (
        <Empty icon="seckill" text={t('no_goods')} />
      ) : (
        <div className="seckill-items">
          {items.map((item) => (
            <ItemCard key={item.id} item={item} session={session} />
          ))}
        </div>
      )}
    </>
  );
}
