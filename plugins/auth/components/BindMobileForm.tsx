/**
 * The bind form of a third-party login: the mobile and the SMS code sent for `bindthird`. Every
 * problem shows at once beside its field, the server's refusals of a field (wrong code, a mobile
 * holding another identity of the platform) too; others (the identity bound elsewhere) as a toast.
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

export function BindMobileForm({ uuid, type, onLoggedIn }: { uuid: string; type: string; onLoggedIn: (user: UserInfo) => void }) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const form = useForm({ mobile: '', captcha: '' });
  const sendCode = useSendCode();

  const send = async () => {
    const mobile = form.values.mobile.trim();
    if (!form.check(mobileProblem(mobile))) return false;
    return sendCode({ mobile, event: 'bindthird' });
  };

  const submit = form.handleSubmit({
    validate: codeLoginProblems,
    send: async (values) => {
      const payload = { uuid, type, mobile: values.mobile.trim(), captcha: values.captcha.trim() };
      const reply = await attemptForm(form, kernel.http.data(authContract.bindThirdAccount, payload, { toastError: false }));
      if (reply) onLoggedIn(reply.data.userinfo);
    },
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field
        label={t('third.mobile')}
        placeholder={t('third.mobile_placeholder')}
        type="tel"
        inputMode="numeric"
        maxLength={11}
        autoComplete="tel"
        {...form.field('mobile')}
      />
      <CodeField label={t('third.code')} placeholder={t('third.code_placeholder')} send={send} {...form.field('captcha')} />
      <SubmitButton busy={form.busy}>{t('third.submit')}</SubmitButton>
    </form>
  );
}
