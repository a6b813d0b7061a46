/**
 * The member centre (custom navigation bar, 我的 tab): the shopper's header, balance and score,
 * the menu slots other plugins fill, the language switch, logout, and the app version. The
 * profile is refreshed whenever the page shows, and the session takes the fresh fields.
 */
import { useEffect, useState } from 'react';
import { useKernel, useSession, useSite, useT } from '@kernel/client/hooks';
import { Button, CellGroup, ErrorState, Loader, MenuSlotView, NavBar, Page, confirm, toast } from '@kernel/client/ui';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { UserHeader } from '../components/UserHeader';
import { WalletTiles } from '../components/WalletTiles';
import { VERSION_CODE } from '../profile';
import { useProfile } from '../use-profile';
import './user.css';

export default function UserPage() {
  const kernel = useKernel();
  const session = useSession();
  const site = useSite();
  const { t } = useT('member');
  const user = session.loggedIn ? session.user : null;
  const profile = useProfile();
  const [leaving, setLeaving] = useState(false);

  // "When the page shows": also on coming back to the browser tab, e.g. after paying elsewhere.
  const { reload } = profile;
  useEffect(() => {
    if (!user) return;
    const onShow = () => document.visibilityState === 'visible' && void reload();
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [user, reload]);

  const logout = async () => {
    if (!(await confirm({ title: t('logout.confirm_title'), content: t('logout.confirm_text') }))) return;
    setLeaving(true);
    const done = await kernel.session.logout();
    setLeaving(false);
    if (done) toast(t('logout.done'), { icon: 'success' });
  };

  return (
    <Page header={<NavBar title={t('title.user')} back={false} tone="theme" />}>
      <div className="member-top">
        <UserHeader user={user} />
        <WalletTiles money={user?.money ?? null} score={user?.score ?? null} />
      </div>
      {user && profile.status === 'loading' && <Loader block={false} />}
      {user && profile.status === 'error' && (
        <ErrorState message={profile.error?.msg} onRetry={() => void reload()} className="member-refresh-error" />
      )}
      <MenuSlotView slot="member.orders" title={t('slots.orders')} columns={5} className="member-slot" />
      <MenuSlotView slot="member.wallet" title={t('slots.wallet')} columns={4} className="member-slot" />
      <MenuSlotView slot="member.services" title={t('slots.services')} columns={4} className="member-slot" />
      <CellGroup className="member-settings">
        <LanguageSwitch />
      </CellGroup>
      {user && (
        <div className="member-logout">
          <Button block round loading={leaving} onClick={() => void logout()}>
            {t('logout.button')}
          </Button>
        </div>
      )}
      <footer className="member-version">{t('version', { version: site.config?.version ?? '', build: VERSION_CODE })}</footer>
    </Page>
  );
}
