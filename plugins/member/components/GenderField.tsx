/** 保密 / 男 / 女 as three toggles: one is always chosen (0 secret, 1 male, 2 female). */
import { useId } from 'react';
import { useT } from '@kernel/client/hooks';
import { Chip, ChipGroup } from '@kernel/client/ui/Chip';
import { GENDERS } from '../profile-rules';

export function GenderField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useT('member');
  const labelId = useId();
  return (
    <div className="sf-field member-gender">
      <div className="sf-field__row">
        <span className="sf-field__label" id={labelId}>
          {t('profile.gender')}
        </span>
        <ChipGroup label={t('profile.gender')} className="member-gender__chips">
          {GENDERS.map((gender) => (
            <Chip key={gender} selected={value === String(gender)} onClick={() => onChange(String(gender))}>
              {t(`profile.gender_${gender}`)}
            </Chip>
          ))}
        </ChipGroup>
      </div>
    </div>
  );
}
