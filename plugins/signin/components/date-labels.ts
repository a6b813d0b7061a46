/** Dates as the shopper reads them, in the page's language: "2025年5月" / "May 2025", "5月3日" / "May 3", weekday initials. */
import { useMemo } from 'react';
import { useT } from '@kernel/client/hooks';

export interface DateLabels {
  month(month: string): string;
  day(date: string): string;
  /** Sunday first. */
  weekdays: string[];
}

const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10) || 1));

export function useDateLabels(): DateLabels {
  const { i18n } = useT('signin');
  const language = i18n.language;
  return useMemo(() => {
    // The dates are business days already: formatted in UTC, they never shift by the viewer's zone.
    const month = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' });
    const day = new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(language, { weekday: 'narrow', timeZone: 'UTC' });
    return {
      month: (value) => month.format(utc(value)),
      day: (value) => day.format(utc(value)),
      // 2023-01-01 was a Sunday.
      weekdays: Array.from({ length: 7 }, (_, i) => weekday.format(Date.UTC(2023, 0, 1 + i))),
    };
  }, [language]);
}
