/** The tab bar under tab pages: the `tabbar` menu slot, the current route highlighted, live badges. */
import { useTranslation } from 'react-i18next';
import { useKernel, useSite } from '../hooks';
import { routeKey } from '../registries';
import { useEntryClick } from '../ui/MenuSlotView';
import { useMenuBadges } from '../ui/menu-badges';
import { TabBar } from '../ui/TabBar';

export function TabBarHost({ path }: { path: string }) {
  const kernel = useKernel();
  useSite();
  const { t } = useTranslation();
  const entries = kernel.menu.slot('tabbar');
  const badges = useMenuBadges(entries);
  const onClick = useEntryClick();
  const here = routeKey(path);
  const items = entries.map((entry, i) => ({
    key: `${entry.plugin}.${entry.id}`,
    label: t(entry.label),
    icon: entry.icon,
    to: entry.to,
    badge: badges[i],
    onClick: onClick(entry),
  }));
  const active = entries.find((entry) => routeKey(entry.to) === here);
  if (items.length === 0) return null;
  return (
    <>
      <div className="sf-tabbar-space" />
      <TabBar items={items} active={active ? `${active.plugin}.${active.id}` : undefined} />
    </>
  );
}
