/**
 * One way of resetting the password: the account's mobile (SMS code) or e-mail (e-mail code) for
 * event `resetpwd`, then the new password twice. Every problem shows at once beside its field,
 * the server's refusals of a field (unknown account, wrong code) too.
 */
import { useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { Field } from '@kernel/client/ui/Field';
import { PasswordField } from '@kernel/client/ui/PasswordField';
import { CodeField } from '@kernel/client/ui/CodeField';
import { authContract } from '../contract';
import { resetAccountProblem, resetProblems, type ResetChannel } from '../forms';
import { attemptForm, useSendCode } from '../pages/use-auth-flow';
import { SubmitButton } from './SubmitButton';

export function ResetPasswordForm({ type, onReset }: { type: ResetChannel; onReset: () => void }) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const form = useForm({ account: '', captcha: '', newpassword: '', renewpassword: '' });
  const sendCode = useSendCode();
  const byMobile = type === 'mobile';

  const send = async () => {
    const account = form.values.account.trim();
    if (!form.check(resetAccountProblem(type, account))) return false;
    return sendCode(byMobile ? { mobile: account, event: 'resetpwd' } : { email: account, event: 'resetpwd' });
  };

  const submit = form.handleSubmit({
    validate: (values) => resetProblems(type, values),
    send: async (values) => {
      const payload = { type, account: values.account.trim(), captcha: values.captcha.trim(), newpassword: values.newpassword };
      const reply = await attemptForm(form, kernel.http.data(authContract.resetPassword, payload, { toastError: false }));
      if (reply) onReset();
    },
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {byMobile ? (
        <Field label={t('reset.mobile')} placeholder={t('reset.mobile_placeholder')} type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" {...form.field('account')} />
      ) : (
        <Field label={t('reset.email')} placeholder={t('reset.email_placeholder')} type="email" autoComplete="email" {...form.field('account')} />
      )}
      <CodeField label={t('reset.code')} placeholder={t('reset.code_placeholder')} send={send} {...form.field('captcha')} />
      <PasswordField
        label={t('reset.new')}
        placeholder={t('reset.new_placeholder')}
        autoComplete="new-password"
        hint={t('kernel:validation.password_rule')}
        {...form.field('newpassword')}
      />
      <PasswordField label={t('reset.renew')} placeholder={t('reset.renew_placeholder')} autoComplete="new-password" {...form.field('renewpassword')} />
      <p className="auth-note">{t('reset.note')}</p>
      <SubmitButton busy={form.busy}>{t('reset.submit')}</SubmitButton>
    </form>
  );
}
