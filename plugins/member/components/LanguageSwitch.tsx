/** 简体中文 / English, through the kernel's locale (which remembers the choice). */
import { useKernel, useT } from '@kernel/client/hooks';
import type { Language } from '@kernel/client/kernel';
import { Cell } from '@kernel/client/ui';

const CHOICES: { language: Language; label: string }[] = [
  { language: 'zh-Hans', label: 'kernel:ui.lang_zh' },
  { language: 'en', label: 'kernel:ui.lang_en' },
];

export function LanguageSwitch() {
  const kernel = useKernel();
  const { t } = useT('member');
  const current = kernel.locale.language();
  return (
    <Cell
      icon="lang"
      label={t('kernel:ui.language')}
      value={
        <span className="member-lang" role="group" aria-label={t('kernel:ui.language')}>
          {CHOICES.map(({ language, label }) => (
            <button
              key={language}
              type="button"
              className={`member-lang__choice${language === current ? ' member-lang__choice--active' : ''}`}
              aria-pressed={language === current}
              onClick={() => void kernel.locale.setLanguage(language)}
            >
              {t(label)}
            </button>
          ))}
        </span>
      }
    />
  );
}
