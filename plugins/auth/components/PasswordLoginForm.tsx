/**
 * Account (username, e-mail or mobile) and password. Every problem shows at once beside its
 * field, the server's refusals of a field too; a wrong password is the server's toast.
 */
import { useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { Field } from '@kernel/client/ui/Field';
import { PasswordField } from '@kernel/client/ui/PasswordField';
import type { UserInfo } from '@kernel/core/user';
import { authContract } from '../contract';
import { passwordLoginProblems } from '../forms';
import { attemptForm } from '../pages/use-auth-flow';
import { SubmitButton } from './SubmitButton';

export function PasswordLoginForm({ onLoggedIn }: { onLoggedIn: (user: UserInfo) => void }) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const form = useForm({ account: '', password: '' });

  const submit = form.handleSubmit({
    validate: passwordLoginProblems,
    send: async ({ account, password }) => {
      const reply = await attemptForm(form, kernel.http.data(authContract.login, { account: account.trim(), password }, { toastError: false }));
      if (reply) onLoggedIn(reply.data.userinfo);
    },
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field label={t('login.account')} placeholder={t('login.account_placeholder')} autoComplete="username" {...form.field('account')} />
      <PasswordField
        label={t('login.password')}
        placeholder={t('login.password_placeholder')}
        autoComplete="current-password"
        {...form.field('password')}
      />
      <SubmitButton busy={form.busy}>{t('login.submit')}</SubmitButton>
    </form>
  );
}
