/**
 * The icons at the left of the goods detail's bottom bar (customer service, cart with its count):
 * entries other plugins put into the `goods.icons` menu slot, so each shows only while its
 * plugin is enabled, with its live badge and the kernel's login rule for `auth` entries.
 */
import { Badge, Icon, isIconName, Link, useMenuItems } from '@kernel/client/ui';

export const GOODS_ICONS_SLOT = 'goods.icons';

export function ActionIcons() {
  const items = useMenuItems(GOODS_ICONS_SLOT);
  if (items.length === 0) return null;
  return (
    <div className="goods-actions__icons">
      {items.map(({ key, icon, label, to, onClick, badge }) => (
        <Link key={key} to={to} className="goods-actions__icon" onClick={onClick} data-testid={`goods-icon-${key}`}>
          <Badge count={badge ?? undefined}>{isIconName(icon) ? <Icon name={icon} size={22} /> : <img src={icon} alt="" width={22} height={22} />}</Badge>
          <span>{label}</span>
        </Link>
      ))}
    </div>
  );
}
