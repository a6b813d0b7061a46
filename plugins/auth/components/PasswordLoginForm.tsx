/** Account (username, e-mail or mobile) and password. */
import { useState, type FormEvent } from 'react';
import { useKernel, useT } from '@kernel/client/hooks';
import { Button, Field } from '@kernel/client/ui';
import type { UserInfo } from '@kernel/core/user';
import { authContract } from '../contract';
import { passwordLoginProblem } from '../forms';
import { attempt } from '../pages/use-auth-flow';
import { useForm } from '../pages/use-form';
import { PasswordField } from './PasswordField';

export function PasswordLoginForm({ onLoggedIn }: { onLoggedIn: (user: UserInfo) => void }) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const form = useForm({ account: '', password: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { account, password } = form.values;
    if (!form.check(passwordLoginProblem({ account, password }))) return;
    setBusy(true);
    const reply = await attempt(kernel.http.data(authContract.login, { account: account.trim(), password }));
    setBusy(false);
    if (reply) onLoggedIn(reply.data.userinfo);
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field label={t('login.account')} placeholder={t('login.account_placeholder')} autoComplete="username" {...form.field('account')} />
      <PasswordField
        label={t('login.password')}
        placeholder={t('login.password_placeholder')}
        autoComplete="current-password"
        {...form.field('password')}
      />
      <Button type="submit" variant="primary" size="large" block round loading={busy} className="auth-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
