/** The site's sign-in rules as the calendar reply states them: points, streak bonuses, retroactive sign-in, the day boundary. */
import { useT } from '@kernel/client/hooks';
import type { SigninCalendar } from '../contract';

export function SigninRules({ calendar }: { calendar: SigninCalendar }) {
  const { t } = useT('signin');
  const { fill } = calendar;
  return (
    <section className="signin-rules" aria-labelledby="signin-rules-title">
      <h2 id="signin-rules-title" className="signin-rules__title">
        {t('rules.title')}
      </h2>
      <ul className="signin-rules__list">
        <li>{t('rules.points', { points: calendar.points })}</li>
        {calendar.bonuses.map((bonus) => (
          <li key={bonus.days}>{t('rules.bonus', bonus)}</li>
        ))}
        <li>{fill.allowed ? t('rules.fill', { cost: fill.cost, limit: fill.limit }) : t('rules.fill_off')}</li>
        <li>{t('rules.day')}</li>
      </ul>
    </section>
  );
}
