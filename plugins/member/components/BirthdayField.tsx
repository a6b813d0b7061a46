/**
 * The birthday: year / month / day selects in the shopper's language (the kernel's DatePicker,
 * never the browser's "mm/dd/yyyy"), limited to the current year ± 150 (spec §9), with a button
 * to clear it.
 */
import { useT } from '@kernel/client/hooks';
// Imported directly, not through the UI kit's barrel: only this page needs it, not the home route.
import { DatePicker } from '@kernel/client/ui/DatePicker';
import type { BoundField } from '@kernel/client/form';
import { birthdayRange } from '../profile-rules';

export function BirthdayField({ currentYear, name, value, error, onChange }: BoundField & { currentYear: number }) {
  const { t } = useT('member');
  const { from, to } = birthdayRange(currentYear);
  return (
    <DatePicker
      label={t('profile.birthday')}
      name={name}
      value={value}
      error={error}
      onChange={onChange}
      fromYear={from}
      toYear={to}
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
