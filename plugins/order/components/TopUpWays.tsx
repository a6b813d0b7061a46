/**
 * The ways this shop offers to top up the balance (the `order.topup` slot other plugins fill,
 * e.g. a card key), each leading back to `returnTo` once done. No way enabled: what is left to do.
 */
import { useT } from '@kernel/client/hooks';
import { Cell, CellGroup, useMenuItems } from '@kernel/client/ui';
import { buildPath } from '@kernel/client/url';
import './topup.css';

export const TOPUP_SLOT = 'order.topup';

export function TopUpWays({ returnTo }: { returnTo: string }) {
  const { t } = useT('order');
  const ways = useMenuItems(TOPUP_SLOT);
  if (ways.length === 0) return <p className="order-topup__none">{t('pay.topup_none')}</p>;
  return (
    <CellGroup title={t('pay.topup')} className="order-topup">
      {ways.map(({ key, icon, label, to, onClick }) => (
        <Cell key={key} icon={icon} label={label} to={buildPath(to, { returnTo })} onClick={onClick} />
      ))}
    </CellGroup>
  );
}
