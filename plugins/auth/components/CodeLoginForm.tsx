/** Mobile number and the SMS code sent for `mobilelogin`. */
import { useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { CodeField, Field } from '@kernel/client/ui';
import type { UserInfo } from '@kernel/core/user';
import { authContract } from '../contract';
import { codeLoginProblem, mobileProblem } from '../forms';
import { attempt, useSendCode } from '../pages/use-auth-flow';
import { SubmitButton } from './SubmitButton';

export function CodeLoginForm({ onLoggedIn }: { onLoggedIn: (user: UserInfo) => void }) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const form = useForm({ mobile: '', captcha: '' });
  const sendCode = useSendCode();

  const send = async () => {
    const mobile = form.values.mobile.trim();
    if (!form.check(mobileProblem(mobile))) return false;
    return sendCode({ mobile, event: 'mobilelogin' });
  };

  const submit = form.handleSubmit({
    validate: codeLoginProblem,
    send: async (values) => {
      const reply = await attempt(kernel.http.data(authContract.mobileLogin, { mobile: values.mobile.trim(), captcha: values.captcha.trim() }));
      if (reply) onLoggedIn(reply.data.userinfo);
    },
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
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
      <SubmitButton busy={form.busy}>{t('login.submit')}</SubmitButton>
    </form>
  );
}
