/**
 * Daily sign-in (`/marketing/signin/signin`, custom navigation bar): the streak, the score and
 * today's sign-in button; the month calendar with the days signed, the points each day gives or
 * gave and the missed days this month that can be filled (after a confirmation naming the
 * cost); the rules. Every reply carries the score, which the session takes, so the member
 * centre and the score page show it at once.
 */
import { useEffect, useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useCall, useKernel, useT } from '@kernel/client/hooks';
import { ErrorState, Loader, NavBar, Page, Skeleton, confirm, toast } from '@kernel/client/ui';
import { MonthCalendar } from '../components/MonthCalendar';
import { SigninHero } from '../components/SigninHero';
import { SigninRules } from '../components/SigninRules';
import { signinContract, type CalendarDay, type SigninCalendar } from '../contract';
import { useDateLabels } from '../components/date-labels';
import './signin.css';

export default function SigninPage() {
  const kernel = useKernel();
  const { t } = useT('signin');
  const labels = useDateLabels();
  // null: this month, as the server's clock has it.
  const [month, setMonth] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const calendar = useCall(signinContract.calendar, month ? { month } : {}, [month]);
  const data = calendar.data;

  useEffect(() => {
    if (data) kernel.session.update({ score: data.score });
  }, [data, kernel]);

  /** Runs a sign-in call: the session takes the new score, the kernel toasts a refusal; the calendar reloads either way. */
  const settle = async (send: () => Promise<{ score: number; points: number }>, done: (points: number) => string) => {
    try {
      const reply = await send();
      kernel.session.update({ score: reply.score });
      toast(done(reply.points), { icon: 'success' });
    } catch (failure) {
      if (!isCallError(failure)) throw failure;
    }
    await calendar.reload();
  };

  const signIn = async () => {
    setSigning(true);
    await settle(() => kernel.http.data(signinContract.checkIn, {}), (points) => t('done', { points }));
    setSigning(false);
  };

  const fill = async (day: CalendarDay, current: SigninCalendar) => {
    const ok = await confirm({
      title: t('fill.title', { date: labels.day(day.date) }),
      content: t('fill.confirm', { cost: current.fill.cost, points: day.points, left: current.fill.left }),
      confirmText: t('fill.confirm_button'),
    });
    if (ok) await settle(() => kernel.http.data(signinContract.fill, { date: day.date }), (points) => t('fill.done', { points }));
  };

  return (
    <Page header={<NavBar title={t('title')} />} className="signin-page">
      {calendar.status === 'error' ? (
        <ErrorState message={calendar.error?.msg} onRetry={() => void calendar.reload()} />
      ) : !data ? (
        <div className="signin-loading" aria-busy="true">
          <Loader block={false} text={t('calendar.loading')} />
          <Skeleton rows={6} />
        </div>
      ) : (
        <>
          <SigninHero calendar={data} busy={signing} onSignIn={() => void signIn()} />
          <MonthCalendar calendar={data} busy={calendar.status === 'loading'} onMonth={setMonth} onFill={(day) => void fill(day, data)} />
          <SigninRules calendar={data} />
        </>
      )}
    </Page>
  );
}
