/**
 * "Other ways to log in" under the login forms: one button per third-party platform the site
 * offers (the server says which, and where each authorises). Nothing shows for a site that offers
 * none; a failed list says so with a retry, the forms above still work.
 */
import { useState } from 'react';
import { useCall, useKernel, useT } from '@kernel/client/hooks';
import { BrowserToken } from '@kernel/client/tokens';
import { Spinner } from '@kernel/client/ui';
import { buildPath } from '@kernel/client/url';
import { THIRD_LOGIN_PATH } from '@kernel/core/paths';
import { authContract, type ThirdProviderView } from '../contract';
import { keepThirdState, newThirdState } from '../pages/third-state';

export function ThirdLoginButtons({ returnTo }: { returnTo?: string }) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const browser = kernel.container.resolve(BrowserToken);
  const [state] = useState(newThirdState);
  const page = new URL(browser.pageUrl());
  const payload = {
    state,
    callback: buildPath(THIRD_LOGIN_PATH, returnTo ? { returnTo } : undefined),
    origin: `${page.origin}${page.pathname}`,
  };
  const providers = useCall(authContract.thirdProviders, payload);

  const go = (provider: ThirdProviderView) => {
    keepThirdState(kernel.storage, state);
    if (provider.url.startsWith('/')) kernel.nav.to(provider.url);
    else browser.redirect(provider.url);
  };

  if (providers.status === 'loading') {
    return (
      <div className="auth-third auth-third--busy" role="status" aria-label={t('third.other_ways')}>
        <Spinner size={20} />
      </div>
    );
  }
  if (providers.status === 'error') {
    return (
      <p className="auth-third auth-third__failed" role="alert">
        {t('third.other_ways_failed')}
        <button type="button" className="auth-third__retry" onClick={() => void providers.reload()}>
          {t('third.retry')}
        </button>
      </p>
    );
  }
  const list = providers.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="auth-third" aria-labelledby="auth-third-title">
      <h3 id="auth-third-title" className="auth-third__title">
        {t('third.other_ways')}
      </h3>
      <div className="auth-third__list">
        {list.map((provider) => (
          <button key={provider.type} type="button" className="auth-third__button" onClick={() => go(provider)}>
            {provider.name}
          </button>
        ))}
      </div>
    </section>
  );
}
