/** Mobile number and the SMS code sent for `mobilelogin`. */
import { useState, type FormEvent } from 'react';
import { useKernel, useT } from '@kernel/client/hooks';
import { Button, Field } from '@kernel/client/ui';
import type { UserInfo } from '@kernel/core/user';
import { authContract } from '../contract';
import { codeLoginProblem, mobileProblem } from '../forms';
import { attempt, useSendCode } from '../pages/use-auth-flow';
import { useForm } from '../pages/use-form';
import { CodeField } from './CodeField';

export function CodeLoginForm({ onLoggedIn }: { onLoggedIn: (user: UserInfo) => void }) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const form = useForm({ mobile: '', captcha: '' });
  const sendCode = useSendCode();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const mobile = form.values.mobile.trim();
    if (!form.check(mobileProblem(mobile))) return false;
    return sendCode({ mobile, event: 'mobilelogin' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const mobile = form.values.mobile.trim();
    const captcha = form.values.captcha.trim();
    if (!form.check(codeLoginProblem({ mobile, captcha }))) return;
    setBusy(true);
    const reply = await attempt(kernel.http.data(authContract.mobileLogin, { mobile, captcha }));
    setBusy(false);
    if (reply) onLoggedIn(reply.data.userinfo);
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={t('login.mobile')}
        placeholder={t('login.mobile_placeholder')}
        type="tel"
        inputMode="numeric"
        maxLength={11}
        autoComplete="tel"
        {...form.field('mobile')}
      />
      <CodeField label={t('login.code')} placeholder={t('login.code_placeholder')} send={send} {...form.field('captcha')} />
      <Button type="submit" variant="primary" size="large" block round loading={busy} className="auth-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
