/**
 * "Confirm your login password first": the step before unbinding or changing a binding. The
 * server remembers a successful check for a few minutes; `onChecked` moves the page on.
 */
import { isCallError } from '@kernel/client/call-error';
import { useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { CellGroup } from '@kernel/client/ui';
import { PasswordField } from '@kernel/client/ui/PasswordField';
import { SubmitBar } from '@kernel/client/ui/SubmitBar';
import { securityContract } from '../contract';
import { checkProblem } from '../forms';

export function PasswordCheck({ onChecked }: { onChecked: () => void }) {
  const kernel = useKernel();
  const { t } = useT('security');
  const form = useForm({ password: '' });

  const submit = form.handleSubmit({
    validate: checkProblem,
    send: async ({ password }) => {
      try {
        await kernel.http.data(securityContract.checkPassword, { password });
      } catch (failure) {
        // The kernel has shown why (wrong password, too many tries).
        if (isCallError(failure)) return;
        throw failure;
      }
      onChecked();
    },
  });

  return (
    <form className="security-form" onSubmit={submit} noValidate>
      <p className="security-note">{t('check.intro')}</p>
      <CellGroup>
        <PasswordField label={t('check.password')} placeholder={t('check.password_placeholder')} autoComplete="current-password" {...form.field('password')} />
      </CellGroup>
      <SubmitBar busy={form.busy}>{t('check.submit')}</SubmitBar>
    </form>
  );
}
