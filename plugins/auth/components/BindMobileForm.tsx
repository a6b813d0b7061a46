/**
 * The bind form of a third-party login: the mobile and the SMS code sent for `bindthird`
 * (./MobileCodeForm.tsx); a refusal of a field (a wrong code, a mobile holding another identity
 * of the platform) shows beside it, others (the identity bound elsewhere) as a toast.
 */
import { useKernel } from '@kernel/client/hooks';
import type { UserInfo } from '@kernel/core/user';
import { authContract } from '../contract';
import { MobileCodeForm } from './MobileCodeForm';

export function BindMobileForm({ uuid, type, onLoggedIn }: { uuid: string; type: string; onLoggedIn: (user: UserInfo) => void }) {
  const kernel = useKernel();
  return (
    <MobileCodeForm
      event="bindthird"
      strings="third"
      logIn={(input) => kernel.http.data(authContract.bindThirdAccount, { uuid, type, ...input }, { toastError: false })}
      onLoggedIn={onLoggedIn}
    />
  );
}
