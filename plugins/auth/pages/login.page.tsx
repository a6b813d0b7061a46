/**
 * The login page (custom navigation bar): password or SMS-code login in two tabs, a link to
 * register, one to reset a forgotten password, the other ways to log in (third-party platforms
 * the site offers), and back to `returnTo` (or the member centre; staff to their desk) once logged in.
 */
import { useState } from 'react';
import { useSite, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { REGISTER_PATH, RESET_PASSWORD_PATH } from '@kernel/client/registries';
import { Img, Link, NavBar, Page } from '@kernel/client/ui';
import { Tabs } from '@kernel/client/ui/Tabs';
import { CodeLoginForm } from '../components/CodeLoginForm';
import { PasswordLoginForm } from '../components/PasswordLoginForm';
import { SwitchLink } from '../components/SwitchLink';
import { ThirdLoginButtons } from '../components/ThirdLoginButtons';
import { useFinishLogin } from './use-auth-flow';
import './auth.css';

type Mode = 'password' | 'code';

export default function LoginPage({ query }: PageProps) {
  const { t } = useT('auth');
  const site = useSite();
  const [mode, setMode] = useState<Mode>('password');
  const finish = useFinishLogin(query.returnTo);
  const tabs = [
    { key: 'password' as const, label: t('login.tab_password') },
    { key: 'code' as const, label: t('login.tab_code') },
  ];

  return (
    <Page surface header={<NavBar title={t('title.login')} tone="transparent" />}>
      <div className="auth-page">
        <div className="auth-brand">
          {site.config?.siteLogo && <Img src={site.config.siteLogo} alt="" width={64} height={64} round lazy={false} />}
          <h2 className="auth-brand__name">{site.config?.siteName || t('login.welcome')}</h2>
        </div>
        <Tabs items={tabs} value={mode} onChange={setMode} className="auth-tabs" />
        {mode === 'password' ? <PasswordLoginForm onLoggedIn={finish} /> : <CodeLoginForm onLoggedIn={finish} />}
        <Link to={RESET_PASSWORD_PATH} query={query.returnTo ? { returnTo: query.returnTo } : undefined} className="auth-forgot">
          {t('login.forgot')}
        </Link>
        <SwitchLink text={t('login.no_account')} link={t('login.to_register')} to={REGISTER_PATH} returnTo={query.returnTo} />
        <ThirdLoginButtons returnTo={query.returnTo} />
      </div>
    </Page>
  );
}
