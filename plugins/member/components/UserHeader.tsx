/** The member centre's header: avatar, nickname and username, or the "not logged in" link. */
import { useKernel, useT } from '@kernel/client/hooks';
import { Img } from '@kernel/client/ui';
import type { UserInfo } from '@kernel/core/user';
import { MEMBER_PATH } from '../paths';
import { DEFAULT_AVATAR } from './default-avatar';

export function UserHeader({ user }: { user: Pick<UserInfo, 'avatar' | 'nickname' | 'username'> | null }) {
  const kernel = useKernel();
  const { t } = useT('member');
  return (
    <section className="member-header">
      <Img
        src={user?.avatar || DEFAULT_AVATAR}
        fallback={DEFAULT_AVATAR}
        alt={user ? user.nickname : t('header.default_avatar')}
        width={64}
        height={64}
        round
        lazy={false}
        className="member-header__avatar"
      />
      {user ? (
        <div className="member-header__names">
          <h2 className="member-header__nickname">{user.nickname || user.username}</h2>
          <p className="member-header__username">{t('header.username', { username: user.username })}</p>
        </div>
      ) : (
        <button type="button" className="member-header__login" onClick={() => kernel.nav.login(MEMBER_PATH)}>
          {t('kernel:ui.login_now')}
        </button>
      )}
    </section>
  );
}
