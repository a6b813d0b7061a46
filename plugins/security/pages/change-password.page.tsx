/**
 * Change password (`/user/changePassword/changePassword`, default navigation bar, login
 * required): old password, new one (the one rule, shown under it), the new one again; every
 * problem at once beside its field, the server's refusals of a field too. The other devices are
 * logged out; this one stays, so the shopper simply goes back.
 */
import { showRefusal, useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { CellGroup, Page, toast } from '@kernel/client/ui';
import { PasswordField } from '@kernel/client/ui/PasswordField';
import { SubmitBar } from '@kernel/client/ui/SubmitBar';
import { securityContract } from '../contract';
import { passwordProblems } from '../forms';
import './security.css';

export default function ChangePasswordPage() {
  const kernel = useKernel();
  const { t } = useT('security');
  const form = useForm({ oldpassword: '', newpassword: '', renewpassword: '' });

  const submit = form.handleSubmit({
    validate: passwordProblems,
    send: async (values) => {
      try {
        await kernel.http.data(securityContract.changePassword, values, { toastError: false });
      } catch (failure) {
        // Beside the fields it names (old password wrong), else a toast (too many tries); the form stays to correct.
        showRefusal(form, failure);
        return;
      }
      toast(t('password.changed'), { icon: 'success' });
      kernel.nav.back();
    },
  });

  return (
    <Page>
      <form className="security-form" onSubmit={submit} noValidate>
        <CellGroup>
          <PasswordField label={t('password.old')} placeholder={t('password.old_placeholder')} autoComplete="current-password" {...form.field('oldpassword')} />
          <PasswordField label={t('password.new')} placeholder={t('password.new_placeholder')} autoComplete="new-password" hint={t('kernel:validation.password_rule')} {...form.field('newpassword')} />
          <PasswordField label={t('password.renew')} placeholder={t('password.renew_placeholder')} autoComplete="new-password" {...form.field('renewpassword')} />
        </CellGroup>
        <p className="security-note">{t('password.note')}</p>
        <SubmitBar busy={form.busy}>{t('password.submit')}</SubmitBar>
      </form>
    </Page>
  );
}
