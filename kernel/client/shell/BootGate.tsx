/** Runs the boot sequence and shows its phases; the app appears once the site is known. */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { boot, type BootPhase } from '../boot';
import type { CallError } from '../call-error';
import { useKernel } from '../hooks';
import { watchSite } from '../site-refresh';
import { ErrorState } from '../ui/states';
import { Loader } from '../ui/Loader';
import { FirstPaintGone } from './first-paint';

export function BootGate({ children }: { children: ReactNode }) {
  const kernel = useKernel();
  const { t } = useTranslation('kernel');
  const [phase, setPhase] = useState<BootPhase>('loading');
  const [error, setError] = useState<CallError | undefined>();

  const start = useCallback(() => {
    setError(undefined);
    void boot(kernel, { onPhase: setPhase }).then((result) => setError(result.error));
  }, [kernel]);

  useEffect(start, [start]);
  // Once the store is open, a tab left open still learns about per-site toggles.
  useEffect(() => (phase === 'ready' ? watchSite(kernel) : undefined), [phase, kernel]);

  switch (phase) {
    case 'ready':
      return <>{children}</>;
    case 'redirecting':
      return (
        <div className="sf-center-screen">
          {t('ui.desktop_only')}
          <FirstPaintGone />
        </div>
      );
    case 'offline':
      return (
        <>
          <Loader delay={0} text={t('ui.offline')} />
          <FirstPaintGone />
        </>
      );
    case 'failed':
      return (
        <>
          <FirstPaintGone />
          <ErrorState
            message={
              <>
                {t('ui.boot_failed')}
                {error?.msg ? <><br />{error.msg}</> : null}
              </>
            }
            onRetry={start}
          />
        </>
      );
    default:
      return <Loader />;
  }
}
