/**
 * A date as year / month / day selects in the shopper's language ("1990年 / 5月 / 17日",
 * "1990 / May / 17"), between two years. Native selects: keyboard, screen readers and mice know
 * them, and no browser shows its own "mm/dd/yyyy" mask. `value` is `YYYY-MM-DD` or '' (none, or
 * not all three chosen yet). With `max`, nothing after that date is offered (a birthday: today).
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { composeDate, lastDay, lastMonth, parseDate, pick, type DateParts } from './date-parts';
import './date-picker.css';

export interface DatePickerProps {
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  fromYear: number;
  toYear: number;
  /** The last date that may be chosen, `YYYY-MM-DD`; the years end at its year. */
  max?: string;
  /** Already translated. */
  error?: string | null;
  name?: string;
  /** Right-hand content inside the row (e.g. a clear button). */
  extra?: ReactNode;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

export function DatePicker({ label, value, onChange, fromYear, toYear, max, error, name, extra }: DatePickerProps) {
  const { t, i18n } = useTranslation('kernel');
  const id = useId();
  const [draft, setDraft] = useState<DateParts>(() => parseDate(value));
  // A value set from outside (a clear button, a reset) replaces what is being chosen.
  if (composeDate(draft) !== value && (value !== '' || composeDate(draft) !== '')) setDraft(parseDate(value));

  const names = useMemo(() => {
    const at = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: 'UTC' });
    const year = at({ year: 'numeric' });
    const month = at({ month: 'short' });
    const day = at({ day: 'numeric' });
    return {
      year: (y: number) => year.format(Date.UTC(2000, 0, 1)).replace('2000', String(y)),
      month: (m: number) => month.format(Date.UTC(2000, m - 1, 1)),
      day: (d: number) => day.format(Date.UTC(2000, 0, d)),
    };
  }, [i18n.language]);

  // A `max` that is no date limits nothing.
  const last = max && parseDate(max).year ? parseDate(max) : null;
  const lastYear = last ? Math.min(toYear, Number(last.year)) : toYear;

  const choose = (part: keyof DateParts, v: string) => {
    const next = pick(draft, part, v, last);
    setDraft(next);
    const composed = composeDate(next);
    if (composed !== value) onChange(composed);
  };

  const parts: { part: keyof DateParts; options: number[]; text: (n: number) => string }[] = [
    { part: 'year', options: range(fromYear, lastYear).reverse(), text: names.year },
    { part: 'month', options: range(1, lastMonth(draft, last)), text: names.month },
    { part: 'day', options: range(1, lastDay(draft, last)), text: names.day },
  ];
  const errorId = `${id}-error`;
  return (
    <div className={`sf-field sf-date${error ? ' sf-field--error' : ''}`}>
      <div className="sf-field__row">
        {label !== undefined && (
          <span className="sf-field__label" id={`${id}-label`}>
            {label}
          </span>
        )}
        <div className="sf-date__parts" role="group" aria-labelledby={label !== undefined ? `${id}-label` : undefined} aria-describedby={error ? errorId : undefined}>
          {parts.map(({ part, options, text }) => (
            <select
              key={part}
              name={name ? `${name}-${part}` : undefined}
              className="sf-date__select"
              aria-label={t(`ui.date_${part}`)}
              aria-invalid={error ? true : undefined}
              value={draft[part]}
              onChange={(event) => choose(part, event.target.value)}
            >
              <option value="">{t(`ui.date_${part}`)}</option>
              {options.map((n) => (
                <option key={n} value={String(n)}>
                  {text(n)}
                </option>
              ))}
            </select>
          ))}
        </div>
        {extra}
      </div>
      {error && (
        <p id={errorId} className="sf-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
