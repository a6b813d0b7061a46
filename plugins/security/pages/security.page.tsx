/**
 * Account security (`/user/security/security`, the member centre's "账号安全"): the bound
 * e-mail and mobile, masked, and the password — each leading to its page.
 */
import { useT } from '@kernel/client/hooks';
import { Cell, CellGroup, Page } from '@kernel/client/ui';
import { maskEmail, maskMobile } from '@kernel/core/mask';
import { ProfileGate } from '@plugins/member/public-client';
import { BIND_EMAIL_PATH, BIND_MOBILE_PATH, CHANGE_PASSWORD_PATH } from '../paths';
import './security.css';

export default function SecurityPage() {
  const { t } = useT('security');
  return (
    <Page>
      <ProfileGate>
        {(user) => (
          <CellGroup className="security-list">
            <Cell label={t('list.email')} to={BIND_EMAIL_PATH} value={user.email ? maskEmail(user.email) : t('list.unbound')} />
            <Cell label={t('list.mobile')} to={BIND_MOBILE_PATH} value={user.mobile ? maskMobile(user.mobile) : t('list.unbound')} />
            <Cell label={t('list.password')} to={CHANGE_PASSWORD_PATH} />
          </CellGroup>
        )}
      </ProfileGate>
    </Page>
  );
}
