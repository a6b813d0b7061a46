/**
 * What the shopper can do with the balance, under it: the `wallet.actions` slot other plugins
 * fill (cash out, redeem a card key…), each shown only while its plugin is enabled. Nothing
 * enabled: nothing drawn.
 */
import { useT } from '@kernel/client/hooks';
import { Icon, useMenuItems } from '@kernel/client/ui';
import { hashHref } from '@kernel/client/url';
import './wallet.css';

export const WALLET_ACTIONS_SLOT = 'wallet.actions';

export function WalletActions() {
  const { t } = useT('wallet');
  const actions = useMenuItems(WALLET_ACTIONS_SLOT);
  if (actions.length === 0) return null;
  return (
    <nav className="wallet-actions" aria-label={t('actions')}>
      {actions.map(({ key, icon, label, to, onClick }) => (
        <a key={key} className="wallet-actions__item" href={hashHref(to)} onClick={onClick}>
          <Icon name={icon} size={18} />
          {label}
        </a>
      ))}
    </nav>
  );
}
