/**
 * One commission record: the order and its buyer, the level, the amount and how it was reckoned
 * (what the order paid × the rate), its state, and its timeline: earned → due → credited, or
 * reversed, or credited and then taken back.
 */
import { useT } from '@kernel/client/hooks';
import { Price } from '@kernel/client/ui';
import { dateTime } from '@kernel/core/time';
import type { CommissionRecord } from '../contract';

type Step = { key: 'earned' | 'due' | 'credited' | 'reversed' | 'clawed'; at: number | null; done: boolean };

/** The steps a record has been through, and for a frozen one the step it waits for. A reversed one never came due. */
function timelineOf(record: CommissionRecord): Step[] {
  const steps: Step[] = [{ key: 'earned', at: record.created_at, done: true }];
  if (record.state !== 'reversed') steps.push({ key: 'due', at: record.release_at, done: record.state !== 'frozen' });
  if (record.released_at !== null) steps.push({ key: 'credited', at: record.released_at, done: true });
  if (record.reversed_at !== null) steps.push({ key: 'reversed', at: record.reversed_at, done: true });
  if (record.clawed_at !== null) steps.push({ key: 'clawed', at: record.clawed_at, done: true });
  return steps;
}

const isoOf = (at: number) => new Date(at * 1000).toISOString();

export function CommissionCard({ record }: { record: CommissionRecord }) {
  const { t } = useT('team');
  const lost = record.state === 'reversed' || record.state === 'clawed';
  return (
    <article className="team-commission" aria-label={t('commission.order', { number: record.order_no })}>
      <header className="team-commission__head">
        <span className="team-commission__order">{t('commission.order', { number: record.order_no })}</span>
        <span className={`team-commission__state team-commission__state--${record.state}`}>{t(`commission.state.${record.state}`)}</span>
      </header>
      <div className="team-commission__body">
        <div className="team-commission__main">
          <p className="team-commission__buyer">
            <span className="team-commission__level">{t(`commission.level.${record.level === 2 ? 'indirect' : 'direct'}`)}</span>
            {record.via === 'agent' && <span className="team-commission__level">{t('commission.via_agent')}</span>}
            {record.buyer && <span>{t('commission.buyer', { name: record.buyer })}</span>}
          </p>
          <p className="team-commission__base">{t('commission.base', { base: record.base, rate: record.rate })}</p>
        </div>
        <Price value={record.amount} size="large" del={lost} className="team-commission__amount" />
      </div>
      <ol className="team-commission__timeline" aria-label={t('commission.timeline')}>
        {timelineOf(record).map((step) => (
          <li key={step.key} className={`team-commission__step team-commission__step--${step.done ? 'done' : 'waiting'}`}>
            <span className="team-commission__step-label">{t(`commission.step.${step.key}`)}</span>
            {step.at === null ? (
              <span className="team-commission__step-time">{t('commission.when_completed')}</span>
            ) : (
              <time className="team-commission__step-time" dateTime={isoOf(step.at)}>
                {dateTime(step.at)}
              </time>
            )}
          </li>
        ))}
      </ol>
    </article>
  );
}
