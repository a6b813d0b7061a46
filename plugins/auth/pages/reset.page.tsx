/**
 * Forgot password (`/pages/resetpwd/resetpwd`, default navigation bar, open to anonymous
 * visitors): by mobile or by e-mail in two tabs. Afterwards the shopper logs in with the new
 * password (every session has ended), back to `returnTo` as from any login.
 */
import { useState } from 'react';
import { useKernel, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { LOGIN_PATH } from '@kernel/client/registries';
import { Page, toast } from '@kernel/client/ui';
import { Tabs } from '@kernel/client/ui/Tabs';
import { ResetPasswordForm } from '../components/ResetPasswordForm';
import type { ResetChannel } from '../forms';
import './auth.css';

export default function ResetPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const [type, setType] = useState<ResetChannel>('mobile');
  const tabs = [
    { key: 'mobile' as const, label: t('reset.tab_mobile') },
    { key: 'email' as const, label: t('reset.tab_email') },
  ];

  const done = () => {
    toast(t('reset.success'), { icon: 'success' });
    kernel.nav.replace(LOGIN_PATH, query.returnTo ? { returnTo: query.returnTo } : undefined);
  };

  return (
    <Page surface>
      <div className="auth-page">
        <Tabs items={tabs} value={type} onChange={setType} className="auth-tabs" />
        {/* A new form per tab: a mobile number typed under "by e-mail" would only mislead. */}
        <ResetPasswordForm key={type} type={type} onReset={done} />
      </div>
    </Page>
  );
}
