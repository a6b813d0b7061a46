/**
 * The birthday: year / month / day selects in the shopper's language (the kernel's DatePicker,
 * never the browser's "mm/dd/yyyy"), from 150 years back (spec §9) to today: nobody is born in
 * the future. A button clears it.
 */
import { useT } from '@kernel/client/hooks';
// Imported directly, not through the UI kit's barrel: only this page needs it, not the home route.
import { DatePicker } from '@kernel/client/ui/DatePicker';
import type { BoundField } from '@kernel/client/form';
import { birthdayRange } from '../profile-rules';

/** `today` is `YYYY-MM-DD`, the last date offered. */
export function BirthdayField({ today, name, value, error, onChange }: BoundField & { today: string }) {
  const { t } = useT('member');
  const year = Number(today.slice(0, 4));
  return (
    <DatePicker
      label={t('profile.birthday')}
      name={name}
      value={value}
      error={error}
      onChange={onChange}
      fromYear={birthdayRange(year).from}
      toYear={year}
      max={today}
      extra={
        value ? (
          <button type="button" className="member-birthday__clear" onClick={() => onChange('')}>
            {t('profile.birthday_clear')}
          </button>
        ) : undefined
      }
    />
  );
}
