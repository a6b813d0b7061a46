/**
 * The register page (default navigation bar): username, password twice, mobile, a code when the
 * site sets regNeedCode, e-mail, and an invite code (prefilled from `?invite=`). Every problem
 * shows at once beside its field, the server's refusals of a field too; the password rule shows
 * under the password before any problem does.
 */
import { useForm } from '@kernel/client/form';
import { useKernel, useSite, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { LOGIN_PATH } from '@kernel/client/registries';
import { Page } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { PasswordField } from '@kernel/client/ui/PasswordField';
import { CodeField } from '@kernel/client/ui/CodeField';
import { SubmitButton } from '../components/SubmitButton';
import { SwitchLink } from '../components/SwitchLink';
import { authContract } from '../contract';
import { emailProblem, mobileProblem, registerProblems } from '../forms';
import { attemptForm, useFinishLogin, useSendCode } from './use-auth-flow';
import './auth.css';

export default function RegisterPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const needCode = Boolean(useSite().config?.regNeedCode);
  const form = useForm({ username: '', password: '', confirm: '', mobile: '', code: '', email: '', invite: query.invite ?? '' });
  const finish = useFinishLogin(query.returnTo, 'register.success');
  const sendCode = useSendCode();

  /** The code goes to the mobile when one is filled in, else to the e-mail (as the server checks it). */
  const send = async () => {
    const mobile = form.values.mobile.trim();
    const email = form.values.email.trim();
    if (mobile) return form.check(mobileProblem(mobile)) && sendCode({ mobile, event: 'register' });
    if (email) return form.check(emailProblem(email)) && sendCode({ email, event: 'register' });
    form.check({ field: 'mobile', key: 'auth:message.code_target_required' });
    return false;
  };

  const submit = form.handleSubmit({
    validate: (values) => registerProblems(values, needCode),
    send: async (values) => {
      const reply = await attemptForm(
        form,
        kernel.http.data(authContract.register, {
          username: values.username.trim(),
          password: values.password,
          mobile: values.mobile.trim(),
          email: values.email.trim(),
          code: needCode ? values.code.trim() : '',
          invite: values.invite.trim(),
        }, { toastError: false }),
      );
      if (reply) finish(reply.data.userinfo);
    },
  });

  return (
    <Page surface>
      <form className="auth-page auth-form" onSubmit={submit} noValidate>
        <Field label={t('register.username')} placeholder={t('register.username_placeholder')} autoComplete="username" {...form.field('username')} />
        <PasswordField label={t('register.password')} placeholder={t('register.password_placeholder')} autoComplete="new-password" hint={t('kernel:validation.password_rule')} {...form.field('password')} />
        <PasswordField label={t('register.confirm')} placeholder={t('register.confirm_placeholder')} autoComplete="new-password" {...form.field('confirm')} />
        <Field label={t('register.mobile')} placeholder={t('register.mobile_placeholder')} type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" {...form.field('mobile')} />
        {needCode && (
          <CodeField label={t('register.code')} placeholder={t('register.code_placeholder')} send={send} {...form.field('code')} />
        )}
        <Field label={t('register.email')} placeholder={t('register.email_placeholder')} type="email" autoComplete="email" {...form.field('email')} />
        <Field label={t('register.invite')} placeholder={t('register.invite_placeholder')} {...form.field('invite')} />
        <SubmitButton busy={form.busy}>{t('register.submit')}</SubmitButton>
        <SwitchLink text={t('register.have_account')} link={t('register.to_login')} to={LOGIN_PATH} returnTo={query.returnTo} />
      </form>
    </Page>
  );
}
