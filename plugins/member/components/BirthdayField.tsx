/**
 * The birthday: the browser's own date picker (keyboard, screen readers and desktop mice all
 * know it), limited to the current year ± 150 (spec §9), with a button to clear it.
 */
import { useT } from '@kernel/client/hooks';
import { Field } from '@kernel/client/ui';
import type { BoundField } from '@kernel/client/form';
import { birthdayRange } from '../profile-rules';

export function BirthdayField({ currentYear, ...field }: BoundField & { currentYear: number }) {
  const { t } = useT('member');
  const { min, max } = birthdayRange(currentYear);
  return (
    <Field
      label={t('profile.birthday')}
      type="date"
      min={min}
      max={max}
      extra={
        field.value ? (
          <button type="button" className="member-birthday__clear" onClick={() => field.onChange('')}>
            {t('profile.birthday_clear')}
          </button>
        ) : undefined
      }
      {...field}
    />
  );
}
