/**
 * Mobile number and the SMS code sent for `mobilelogin`. Every problem shows at once beside its
 * field, the server's refusals of a field (unregistered mobile, wrong code) too.
 */
import { useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { Field } from '@kernel/client/ui/Field';
import { CodeField } from '@kernel/client/ui/CodeField';
import type { UserInfo } from '@kernel/core/user';
import { authContract } from '../contract';
import { codeLoginProblems, mobileProblem } from '../forms';
import { attemptForm, useSendCode } from '../pages/use-auth-flow';
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
    validate: codeLoginProblems,
    send: async (values) => {
      const reply = await attemptForm(
        form,
        kernel.http.data(authContract.mobileLogin, { mobile: values.mobile.trim(), captcha: values.captcha.trim() }, { toastError: false }),
      );
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
