/**
 * The lottery page (`/marketing/lottery/lottery`): the wheel, a draw's cost, the shopper's points
 * and draws left today, the draw button, the result, and "my prizes". The server picks the prize;
 * the wheel only turns to it (at once under reduced motion), then the result shows.
 */
import { useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useCall, useKernel, useLocale, usePaged, useT } from '@kernel/client/hooks';
import { Async, Empty, List, Modal, Page } from '@kernel/client/ui';
import { Wheel } from '../components/Wheel';
import { lotteryContract, type DrawRecord, type DrawResult, type Wheel as WheelData } from '../contract';
import { SPIN_TURNS, spinTo } from '../spin';
import './lottery.css';

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function LotteryPage() {
  const { t } = useT('lottery');
  const wheel = useCall(lotteryContract.wheel, {});
  const mine = usePaged<typeof lotteryContract.prizes, DrawRecord>(lotteryContract.prizes, {}, { limit: 10 });
  return (
    <Page className="lottery-page">
      <Async state={wheel}>{(data) => <Draw wheel={data} onDrawn={() => void mine.reload()} />}</Async>
      <section className="lottery-mine" aria-labelledby="lottery-mine-title">
        <h2 id="lottery-mine-title" className="lottery-mine__title">
          {t('mine.title')}
        </h2>
        <List state={mine} itemKey={(draw) => draw.id} renderItem={(draw) => <DrawLine draw={draw} />} empty={<Empty icon="gift" text={t('mine.empty')} />} />
      </section>
    </Page>
  );
}

/** The wheel with its figures and button; keeps the shopper's points and draws left as the draws report them. */
function Draw({ wheel, onDrawn }: { wheel: WheelData; onDrawn: () => void }) {
  const kernel = useKernel();
  const { t } = useT('lottery');
  const [animate] = useState(() => !prefersReducedMotion());
  const [prizes, setPrizes] = useState(wheel.prizes);
  const [figures, setFigures] = useState({ score: wheel.score, drawsLeft: wheel.drawsLeft });
  const [rotation, setRotation] = useState(0);
  const [drawing, setDrawing] = useState<DrawResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DrawResult | null>(null);

  const start = async () => {
    setBusy(true);
    let reply: DrawResult;
    try {
      reply = await kernel.http.data(lotteryContract.draw, {});
    } catch (failure) {
      setBusy(false);
      // The kernel has shown the refusal (score not enough, no draws left).
      if (isCallError(failure)) return;
      throw failure;
    }
    setRotation((current) => spinTo(current, reply.draw.slot, animate ? SPIN_TURNS : 0));
    setDrawing(reply);
  };

  const stopped = () => {
    if (!drawing) return;
    setFigures({ score: drawing.score, drawsLeft: drawing.drawsLeft });
    // The member centre and the wallet read the session: they show the new figures next time.
    if (kernel.session.state.user) kernel.session.update({ score: drawing.score, money: drawing.money });
    setResult(drawing);
    setDrawing(null);
    setBusy(false);
    onDrawn();
    // A prize may have run out meanwhile: grey it out. Quietly: the draw itself is done.
    kernel.http.data(lotteryContract.wheel, {}, { toastError: false }).then(
      (fresh) => setPrizes(fresh.prizes),
      () => {},
    );
  };

  const usedUp = figures.drawsLeft === 0;
  const named = prizes.map((prize) => (prize.available ? prize.label : t('page.sold_out_named', { label: prize.label })));
  return (
    <div className="lottery-draw">
      <dl className="lottery-figures">
        <div>
          <dt>{t('page.cost')}</dt>
          <dd data-testid="lottery-cost">{t('page.cost_value', { count: wheel.cost })}</dd>
        </div>
        <div>
          <dt>{t('page.score')}</dt>
          <dd data-testid="lottery-score">{figures.score}</dd>
        </div>
        <div>
          <dt>{t('page.left')}</dt>
          <dd data-testid="lottery-left">{t('page.left_value', { count: figures.drawsLeft })}</dd>
        </div>
      </dl>
      <Wheel prizes={prizes} rotation={rotation} spinning={drawing !== null} animate={animate} onStop={stopped} label={t('page.wheel', { prizes: named.join(t('page.separator')) })} soldOut={t('page.sold_out')}>
        <button type="button" className="lottery-draw__button" onClick={() => void start()} disabled={busy || usedUp} aria-busy={busy}>
          {busy ? t('page.drawing') : usedUp ? t('page.used_up') : t('page.draw')}
        </button>
      </Wheel>
      <p className="lottery-draw__status" role="status">
        {result ? t('page.stopped_on', { label: result.draw.label }) : ''}
      </p>
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </div>
  );
}

function ResultDialog({ result, onClose }: { result: DrawResult | null; onClose: () => void }) {
  const { t } = useT('lottery');
  if (!result) return null;
  const { draw } = result;
  const won = draw.kind !== 'thanks';
  const credited = {
    score: t('result.credited_score', { count: result.score }),
    balance: t('result.credited_balance', { money: result.money }),
    coupon: t('result.credited_coupon'),
    thanks: null,
  }[draw.kind];
  return (
    <Modal open title={won ? t('result.won_title') : t('result.thanks_title')} showCancel={false} confirmText={t('result.ok')} onConfirm={onClose}>
      <p className="lottery-result__prize">{won ? t('result.won', { label: draw.label }) : t('result.thanks')}</p>
      {credited && <p className="lottery-result__credited">{credited}</p>}
    </Modal>
  );
}

/** One draw of "my prizes": what it won ("thanks for playing" greyed), when, and what it cost. */
function DrawLine({ draw }: { draw: DrawRecord }) {
  const { t } = useT('lottery');
  const { chatTime } = useLocale();
  return (
    <article className={`lottery-line${draw.kind === 'thanks' ? ' lottery-line--none' : ''}`} data-testid="lottery-line" data-slot={draw.slot}>
      <p className="lottery-line__label">{draw.label}</p>
      <p className="lottery-line__meta">
        <time dateTime={new Date(draw.created_at * 1000).toISOString()}>{chatTime(draw.created_at)}</time>
        {draw.cost > 0 && <span>{t('mine.cost', { count: draw.cost })}</span>}
      </p>
    </article>
  );
}
