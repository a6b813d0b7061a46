/**
 * The member centre's header: avatar, nickname and username — leading to the profile page when
 * logged in — or the "not logged in" link.
 */
import { useKernel, useT } from '@kernel/client/hooks';
import { Icon, Link } from '@kernel/client/ui';
import { Avatar } from '@kernel/client/ui/Avatar';
import type { UserInfo } from '@kernel/core/user';
import { MEMBER_PATH, PROFILE_PATH } from '../paths';

export function UserHeader({ user }: { user: Pick<UserInfo, 'avatar' | 'nickname' | 'username'> | null }) {
  const kernel = useKernel();
  const { t } = useT('member');
  const avatar = (
    <Avatar src={user?.avatar} alt={user ? user.nickname : t('header.default_avatar')} size={64} lazy={false} className="member-header__avatar" />
  );
  if (!user) {
    return (
      <section className="member-header">
        {avatar}
        <button type="button" className="member-header__login" onClick={() => kernel.nav.login(MEMBER_PATH)}>
          {t('kernel:ui.login_now')}
        </button>
      </section>
    );
  }
  const names = (
    <div className="member-header__names">
      <h2 className="member-header__nickname">{user.nickname || user.username}</h2>
      <p className="member-header__username">{t('header.username', { username: user.username })}</p>
    </div>
  );
  // The profile page is this plugin's own, but a test kernel (or a future split) may lack it.
  if (!kernel.routes.find(PROFILE_PATH)) {
    return (
      <section className="member-header">
        {avatar}
        {names}
      </section>
    );
  }
  return (
    <section className="member-header">
      <Link to={PROFILE_PATH} className="member-header__link" aria-label={t('header.edit_profile')}>
        {avatar}
        {names}
        <Icon name="arrow-right" size={18} className="member-header__arrow" />
      </Link>
    </section>
  );
}
