/** What the login, register and reset pages share: awaiting a call, finishing a login, and sending a code. */
import { showRefusal, type Form } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { isCallError } from '@kernel/client/call-error';
import { toast } from '@kernel/client/ui';
import { isStaffUser, type UserInfo } from '@kernel/core/user';
import { authContract, type EmailEvent, type SmsEvent } from '../contract';
import { afterLoginPath } from '../return-to';

/**
 * Awaits a call; the kernel has already shown any refusal (toast) or HTTP failure (modal), so
 * a failure only needs to stop the flow.
 */
export async function attempt<T>(request: Promise<T>): Promise<{ data: T } | null> {
  try {
    return { data: await request };
  } catch (error) {
    if (isCallError(error)) return null;
    throw error;
  }
}

/**
 * Awaits a call made with `toastError: false`: a refusal of the form's fields shows beside them,
 * any other refusal as a toast (HTTP failures the kernel has already shown).
 */
export async function attemptForm<T>(form: Pick<Form<Record<string, string>>, 'refuse'>, request: Promise<T>): Promise<{ data: T } | null> {
  try {
    return { data: await request };
  } catch (error) {
    showRefusal(form, error);
    return null;
  }
}

/**
 * Stores the session, says so (`done` is an auth i18n key) and goes back to `returnTo` (or the
 * member centre; staff to their desk).
 */
export function useFinishLogin(returnTo: string | undefined, done = 'login.success'): (user: UserInfo) => void {
  const kernel = useKernel();
  const { t } = useT('auth');
  return (user) => {
    kernel.session.login(user);
    toast(t(done), { icon: 'success' });
    kernel.nav.replace(afterLoginPath(returnTo, (path) => kernel.routes.find(path) !== undefined, isStaffUser(user)));
  };
}

export type CodeTarget = { mobile: string; event: SmsEvent } | { email: string; event: EmailEvent };

/** Sends a code; resolves true when it went out (the button then counts down). */
export function useSendCode(): (target: CodeTarget) => Promise<boolean> {
  const kernel = useKernel();
  const { t } = useT('auth');
  return async (target) => {
    const request =
      'mobile' in target
        ? kernel.http.data(authContract.sendSms, { mobile: target.mobile, template_code: target.event })
        : kernel.http.data(authContract.sendEmail, { email: target.email, event: target.event });
    const sent = await attempt(request);
    if (sent) toast(t('code.sent'), { icon: 'success' });
    return sent !== null;
  };
}
