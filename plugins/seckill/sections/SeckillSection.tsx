/**
 * Home section: the running (else the next) flash-sale session's countdown and a few of its goods
 * (the setting `homeGoods`), live by the socket's pushes. Hidden when no session is running or
 * coming. The contract (and zod) loads with the call, not with the home page's first screen.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CallError } from '@kernel/client/call-error';
import { useFirstScreenData } from '@kernel/client/first-screen-data';
import { useBootT, useKernel } from '@kernel/client/hooks';
import { ErrorState, Img, Link, Price, Skeleton } from '@kernel/client/ui';
import { SessionClock } from '../components/SessionClock';
import { SoldBar } from '../components/SoldBar';
import { useLiveItems } from '../components/use-live-items';
import type { SeckillHome, SeckillItem } from '../contract';
import { serverClock, soldPercent } from '../live';
import { SECKILL_PATH } from '../paths';
import './section.css';

type Load = { status: 'loading' } | { status: 'error'; error: CallError | null } | { status: 'ready'; data: SeckillHome };

function useHome(): [Load, () => void] {
  const kernel = useKernel();
  // The first load's sale came with index.html (the server's firstScreen): no call, no contract.
  const seeded = useFirstScreenData('seckill');
  const [load, setLoad] = useState<Load>(() => (seeded ? { status: 'ready', data: seeded } : { status: 'loading' }));
  // Each round fetches: the first at once without a seed, then every reload (a retry, a countdown at zero).
  const [round, setRound] = useState(seeded ? 0 : 1);
  useEffect(() => {
    if (round === 0) return undefined;
    let live = true;
    import('../contract')
      .then(({ seckillContract }) => kernel.http.data(seckillContract.home, {}, { toastError: false }))
      .then(
        (data) => live && setLoad({ status: 'ready', data }),
        (error: unknown) => live && setLoad({ status: 'error', error: (error as CallError) ?? null }),
      );
    return () => {
      live = false;
    };
  }, [kernel, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return [load, reload];
}

export default function SeckillSection() {
  const { t } = useBootT('seckill');
  const [load, reload] = useHome();
  if (load.status === 'loading') {
    return (
      <section className="seckill-home" aria-label={t('home.title')} aria-busy>
        <Skeleton rows={2} />
      </section>
    );
  }
  if (load.status === 'error') {
    return (
      <section className="seckill-home" aria-label={t('home.title')}>
        <ErrorState message={load.error?.msg} onRetry={reload} />
      </section>
    );
  }
  const { session, goods } = load.data;
  if (!session || goods.length === 0) return null;
  return <Sale data={load.data} onTimeUp={reload} />;
}

function Sale({ data, onTimeUp }: { data: SeckillHome; onTimeUp: () => void }) {
  const { t } = useBootT('seckill');
  const now = useMemo(() => serverClock(data.server_time), [data]);
  const items = useLiveItems(data.goods);
  const session = data.session!;
  return (
    <section className="seckill-home" aria-label={t('home.title')}>
      <header className="seckill-home__head">
        <h2 className="seckill-home__title">{t('home.title')}</h2>
        <span className="seckill-home__session">{session.title}</span>
        <SessionClock key={data.server_time} session={session} now={now} onEnd={onTimeUp} className="seckill-home__clock" />
        <Link to={SECKILL_PATH} query={{ session_id: session.id }} className="seckill-home__more">
          {t('home.more')}
        </Link>
      </header>
      <ul className="seckill-home__goods">
        {items.map((item) => (
          <HomeItem key={item.id} item={item} sessionId={session.id} started={session.state >= 2} />
        ))}
      </ul>
    </section>
  );
}

function HomeItem({ item, sessionId, started }: { item: SeckillItem; sessionId: number; started: boolean }) {
  return (
    <li className="seckill-home__item" data-testid="seckill-home-item">
      <Link to={SECKILL_PATH} query={{ session_id: sessionId }} aria-label={item.name}>
        <Img src={item.image} alt={item.name} ratio={1} sizes="min(25vw, 112px)" />
        <Price value={item.price} size="small" className="seckill-home__price" />
        <Price value={item.original_price} size="small" del />
        <SoldBar percent={soldPercent(item)} left={item.left} started={started} />
      </Link>
    </li>
  );
}
