/** Mobile number and the SMS code sent for `mobilelogin`: the code login (./MobileCodeForm.tsx). */
import { useKernel } from '@kernel/client/hooks';
import type { UserInfo } from '@kernel/core/user';
import { authContract } from '../contract';
import { MobileCodeForm } from './MobileCodeForm';

export function CodeLoginForm({ onLoggedIn }: { onLoggedIn: (user: UserInfo) => void }) {
  const kernel = useKernel();
  return (
    <MobileCodeForm
      event="mobilelogin"
      strings="login"
      logIn={(input) => kernel.http.data(authContract.mobileLogin, input, { toastError: false })}
      onLoggedIn={onLoggedIn}
    />
  );
}
