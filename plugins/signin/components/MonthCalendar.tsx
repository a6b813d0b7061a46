/**
 * The month grid: weekday initials, then each day with its mark (signed, filled, today, missed)
 * and the points it gave or gives; days before the account was made are plain. A missed day that can be filled is a button; the others are
 * text. Previous and next month, up to this one.
 */
import { useT } from '@kernel/client/hooks';
import { IconButton } from '@kernel/client/ui';
import type { CalendarDay, SigninCalendar } from '../contract';
import { addMonths, monthOf, weekday } from '../dates';
import { useDateLabels } from './date-labels';

export interface MonthCalendarProps {
  calendar: SigninCalendar;
  /** Another month (or the same, again) is loading. */
  busy: boolean;
  onMonth: (month: string) => void;
  onFill: (day: CalendarDay) => void;
}

const MARKS = { signed: 'mark_signed', filled: 'mark_filled', today: 'mark_today', missed: 'mark_missed', future: '', before: '' } as const;

export function MonthCalendar({ calendar, busy, onMonth, onFill }: MonthCalendarProps) {
  const { t } = useT('signin');
  const labels = useDateLabels();
  const title = labels.month(calendar.month);
  const isCurrent = calendar.month >= monthOf(calendar.today);
  const lead = weekday(calendar.days[0].date);
  const summary = calendar.signed_days > 0 ? t('calendar.signed_days', { count: calendar.signed_days }) : t('calendar.none');
  const canFill = calendar.days.some((day) => day.fillable);
  const hint =
    !isCurrent || !calendar.fill.allowed ? '' : calendar.fill.left === 0 ? t('calendar.fill_used_up') : canFill ? t('calendar.fill_left', { left: calendar.fill.left }) : '';

  return (
    <section className="signin-calendar" aria-label={t('calendar.label', { month: title })} aria-busy={busy}>
      <header className="signin-calendar__head">
        <IconButton icon="back" label={t('calendar.prev')} disabled={busy} onClick={() => onMonth(addMonths(calendar.month, -1))} />
        <h2 className="signin-calendar__title">{title}</h2>
        <IconButton icon="arrow-right" label={t('calendar.next')} disabled={busy || isCurrent} onClick={() => onMonth(addMonths(calendar.month, 1))} />
      </header>
      <p className="signin-calendar__summary" role="status">
        {summary}
      </p>
      <div className="signin-calendar__grid">
        {labels.weekdays.map((name, i) => (
          <span key={`w${i}`} className="signin-calendar__weekday" aria-hidden="true">
            {name}
          </span>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <span key={`b${i}`} aria-hidden="true" />
        ))}
        {calendar.days.map((day) => (
          <Day key={day.date} day={day} label={labels.day(day.date)} current={isCurrent} onFill={onFill} />
        ))}
      </div>
      {hint && <p className="signin-calendar__hint">{hint}</p>}
    </section>
  );
}

function Day({ day, label, current, onFill }: { day: CalendarDay; label: string; current: boolean; onFill: (day: CalendarDay) => void }) {
  const { t } = useT('signin');
  // Earlier months are history: their missed days stay plain.
  const mark = day.state === 'missed' && !current ? '' : MARKS[day.state];
  // Points show where they mean something: given, to be given, or to be had by filling.
  const points = (day.state !== 'missed' && day.state !== 'before') || day.fillable ? `+${day.points}` : '';
  const body = (
    <>
      <span className="signin-day__number">{Number(day.date.slice(8))}</span>
      <span className="signin-day__mark">{mark ? t(`day.${mark}`) : ''}</span>
      <span className="signin-day__points">{points}</span>
    </>
  );
  const className = `signin-day signin-day--${day.state}`;
  if (day.fillable) {
    return (
      <button type="button" className={`${className} signin-day--fillable`} aria-label={t('day.fill', { date: label, points: day.points })} onClick={() => onFill(day)}>
        {body}
      </button>
    );
  }
  return (
    <span className={className} role="img" aria-label={t(`day.${day.state}`, { date: label, points: day.points })}>
      {body}
    </span>
  );
}
