/** The top of the sign-in page: the current streak in days, the score, and today's sign-in button. */
import { useT } from '@kernel/client/hooks';
import { Button } from '@kernel/client/ui';
import type { SigninCalendar } from '../contract';

export function SigninHero({ calendar, busy, onSignIn }: { calendar: SigninCalendar; busy: boolean; onSignIn: () => void }) {
  const { t } = useT('signin');
  return (
    <section className="signin-hero" aria-label={t('title')}>
      <p className="signin-hero__label">{t('hero.streak')}</p>
      <p className="signin-hero__streak">
        <strong data-testid="signin-streak">{calendar.streak}</strong> {t('hero.days', { count: calendar.streak })}
      </p>
      <p className="signin-hero__score" data-testid="signin-score">
        {t('hero.score', { score: calendar.score })}
      </p>
      <Button variant={calendar.signed_today ? 'default' : 'primary'} round disabled={calendar.signed_today} loading={busy} onClick={onSignIn} className="signin-hero__button">
        {calendar.signed_today ? t('hero.signed') : t('hero.sign', { points: calendar.today_points })}
      </Button>
    </section>
  );
}
