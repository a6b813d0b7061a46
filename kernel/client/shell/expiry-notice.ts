/**
 * A session the server stopped accepting (a password changed elsewhere) ends quietly: no service
 * error. Once the visitor reaches the login page — sent by an `auth` route's guard, by a button,
 * or by typing the address, even after a reload — it says calmly why, once.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel, useSession } from '../hooks';
import { LOGIN_PATH, routeKey } from '../registries';
import { toast } from '../ui/overlay';

/** Long enough to read beside the login form. */
export const EXPIRY_NOTICE_MS = 4000;

export function useExpiryNotice(path: string): void {
  const kernel = useKernel();
  const { expired } = useSession();
  const { t } = useTranslation();
  const onLogin = routeKey(path) === LOGIN_PATH;

  useEffect(() => {
    if (!expired || !onLogin) return;
    toast(t('kernel:session.expired'), { duration: EXPIRY_NOTICE_MS });
    kernel.session.expiryShown();
  }, [expired, onLogin, kernel, t]);
}
