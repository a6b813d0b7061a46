/**
 * Money held from the balance elsewhere, under it: the `wallet.held` slot other plugins fill (the
 * cash plugin: "提现中 ¥x"), an entry's badge being the amount. Only entries holding something show,
 * each leading to where the money went; nothing held: nothing drawn.
 */
import { useT } from '@kernel/client/hooks';
import { useMenuItems } from '@kernel/client/ui';
import { hashHref } from '@kernel/client/url';
import './wallet-held.css';

export const WALLET_HELD_SLOT = 'wallet.held';

export function WalletHeld() {
  const { t } = useT('wallet');
  const held = useMenuItems(WALLET_HELD_SLOT).filter((item) => item.badge !== null);
  if (held.length === 0) return null;
  return (
    <ul className="wallet-held" aria-label={t('held')}>
      {held.map(({ key, label, to, onClick, badge }) => (
        <li key={key}>
          <a className="wallet-held__item" href={hashHref(to)} onClick={onClick}>
            {label} <strong>{badge}</strong>
          </a>
        </li>
      ))}
    </ul>
  );
}
